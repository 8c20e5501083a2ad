// What a failed create is up against, and the version a write needs, found through the API when the service's
// answer does not say. The contract allows one live monitor per URL and request method (src/api/duplicate.ts), so a
// 409 on create is explained by the monitor that holds them — found by listing the account (100 a page) — even when
// the answer carries no error code or id. `version` is nullable in the spec: a write without one reads it first.
import { duplicateKey, type Monitor } from '../../api/index.js';
import type { Client } from '../client.js';

/** Listing pages the lookup reads at most: 10,000 monitors. */
const MAX_PAGES = 100;
const PAGE = 100;

/** The live (not archived) monitor with this URL and request method, if the first MAX_PAGES pages hold one. */
export async function liveMonitorWith(
  client: Client,
  url: string,
  method: string,
): Promise<Monitor | undefined> {
  const key = duplicateKey(url, method.toUpperCase());
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await client.listMonitors({ limit: PAGE, ...(cursor ? { cursor } : {}) });
    const found = r.data.items.find(
      (m) => !m.archived && duplicateKey(m.url, m.requestMethod.toUpperCase()) === key,
    );
    if (found) return found;
    if (!r.data.nextCursor) return undefined;
    cursor = r.data.nextCursor;
  }
  return undefined;
}

/** The monitor's current version token (its ETag, else the record's), for a write whose state holds none. */
export async function currentVersion(client: Client, id: string): Promise<string> {
  const r = await client.getMonitor(id);
  return r.etag ?? r.data.version ?? '';
}
