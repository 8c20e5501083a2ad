// The API client as the provider's handlers get it (from the run session, session.ts); its errors become
// diagnostics in api-errors.ts.
import type { UptimeClient } from '../client/index.js';
import { DiagnosticError } from '../protocol/diagnostics.js';

export type Client = UptimeClient;

/** The client, or an error saying why there is none (`pd`: the run session, session.ts). */
export function requireClient(pd: { client: Client | null } | undefined): Client {
  if (!pd?.client) throw notConfigured();
  return pd.client;
}

/** Why an operation has no client: the provider configuration was not known when it ran. */
export function notConfigured(): DiagnosticError {
  return new DiagnosticError(
    'Provider not configured',
    'The uptime provider configuration was not known when this operation ran (for example base_url or token depend on a value known only after apply). Set them from known values.',
  );
}
