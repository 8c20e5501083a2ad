// Budget-aware refresh of uptime_monitor: the first reads of a provider process are one GET each; once more than
// BULK_READ_AFTER monitors are read in the same process (a plan refreshing many monitors), the rest come from one
// listing of GET /monitors (100 per page, pages bounded by the account's monitor count), with a GET for any
// monitor the listing does not hold. Any write in the process switches the listing off (no stale reads).
import type { Monitor } from '../../api/index.js';
import { requireClient, type UptimeProviderData } from '../client.js';

export const BULK_READ_AFTER = 10;
const PAGE = 100;

async function listing(pd: UptimeProviderData): Promise<Map<string, Monitor>> {
  const client = requireClient(pd);
  const used = pd.capabilities?.plan.monitorsUsed ?? 0;
  // Archived monitors are listed too; a partial listing only costs a GET per miss.
  const maxPages = Math.ceil((used + 1) / PAGE) + 1;
  const out = new Map<string, Monitor>();
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const { data } = await client.listMonitors({ limit: PAGE, ...(cursor ? { cursor } : {}) });
    for (const m of data.items as Monitor[]) out.set(m.id, m);
    if (!data.nextCursor) break;
    cursor = data.nextCursor;
  }
  return out;
}

/** The monitor from the listing when bulk reading applies and it holds the id; else undefined (use GET). */
export async function fromListing(pd: UptimeProviderData, id: string): Promise<Monitor | undefined> {
  const b = pd.bulk;
  b.reads += 1;
  if (b.disabled || b.reads <= BULK_READ_AFTER || !pd.capabilities) return undefined;
  if (!b.listing) {
    b.listing = listing(pd);
    b.listing.catch(() => {
      b.disabled = true;
    });
  }
  try {
    return (await b.listing).get(id);
  } catch {
    return undefined;
  }
}

/** Called by every write: later reads in this process must see the service, not an earlier listing. */
export function noteWrite(pd: UptimeProviderData | undefined): void {
  if (!pd) return;
  pd.bulk.disabled = true;
  pd.bulk.listing = null;
}
