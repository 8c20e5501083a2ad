// Framework handlers for list resources (`terraform query`, Terraform 1.14+): ValidateListResourceConfig and the
// ListResource server stream (one event per object: identity, display name, optionally the full object).
import { isWhollyKnown } from '../cty/values.js';
import { diagnosticFromError, errorDiag } from '../diagnostics.js';
import type { EventSink, ProviderHandlers } from '../server.js';
import { decodeDV, encodeDV, wire, type Framework } from './context.js';
import { validateDeclared } from './validate.js';
import { normalize, nullWriteOnly, type Obj } from './values.js';

async function listResource(fw: Framework, req: any, sink: EventSink): Promise<void> {
  const fail = (summary: string, detail: string) =>
    sink.write({ diagnostic: wire([errorDiag(summary, detail)]) });
  const l = fw.lists.get(req.type_name as string);
  if (!l)
    return fail(
      'Unknown list resource',
      `This provider has no list resource ${JSON.stringify(req.type_name)}.`,
    );
  const r = l.resource;
  const idc = r.identityC!;
  let config: Obj;
  try {
    config = (decodeDV(l, req.config) as Obj | null) ?? normalize(l.attrs, {});
  } catch (err) {
    return fail('Invalid list configuration', (err as Error).message);
  }
  const invalid = validateDeclared(l, config, { inUse: true });
  if (invalid.hasErrors()) return sink.write({ diagnostic: wire(invalid.items) });
  const limit = Number(req.limit ?? 0);
  if (!(limit > 0)) return;
  const includeResource = !!req.include_resource_object;
  const signal = AbortSignal.any([sink.signal, fw.runtime.signal]);
  const c = fw.ctx(undefined, signal);
  let sent = 0;
  try {
    for await (const item of l.list({ config: config as never, includeResource, limit, ctx: c })) {
      if (signal.aborted) break;
      const state = normalize(r.attrs, item.state);
      nullWriteOnly(r.attrs, state);
      const identity = idc.derive(state);
      if (!idc.known(identity) || Object.values(identity).some((v) => v === null))
        return fail(
          'Provider listed an object without identity',
          `${l.typeName}: ${item.displayName}. This is a bug in the provider.`,
        );
      const event: Record<string, unknown> = {
        identity: idc.encode(identity),
        display_name: item.displayName,
      };
      if (includeResource) {
        if (!isWhollyKnown(r.type, state))
          return fail(
            'Provider listed an incomplete object',
            `${l.typeName}: ${item.displayName}. This is a bug in the provider.`,
          );
        event.resource_object = encodeDV(r, state);
      }
      await sink.write(event);
      if (++sent >= limit) break; // leaving the loop stops the handler's paging
    }
  } catch (err) {
    if (!sink.signal.aborted) c.diagnostics.add(diagnosticFromError(err, 'List failed'));
  }
  // Terraform 1.14 treats an event without identity as an error unless it carries an error: warnings go to the log.
  for (const d of c.diagnostics.items)
    if (d.severity === 'warning') fw.log.warn(d.summary, { tf_list_resource: l.typeName, detail: d.detail });
  const errors = c.diagnostics.items.filter((d) => d.severity === 'error');
  if (errors.length && !sink.signal.aborted) await sink.write({ diagnostic: wire(errors) });
}

export function listHandlers(fw: Framework): ProviderHandlers {
  if (!fw.lists.size) return {};
  return {
    ValidateListResourceConfig: async (req) => {
      const l = fw.list(req.type_name);
      return { diagnostics: wire(validateDeclared(l, decodeDV(l, req.config) as Obj | null).items) };
    },
    ListResource: (req, sink) => listResource(fw, req, sink),
  };
}
