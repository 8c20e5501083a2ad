// Budget-aware refresh of monitors and status pages. A plan refreshes every instance with one ReadResource each; one
// GET per instance would cost M requests per plan. Instead, within one provider process:
// - the first read of a kind is a GET (a state with one monitor costs one request, as before);
// - from the second read on, reads are answered from listings (100 records a page), each read as soon as the page
//   holding it arrives. Monitors come from `GET /monitors?enabled=true` and, only once a read misses there,
//   `GET /monitors?status=paused`; status pages from `GET /status-pages?enabled=true`. Each listing reads at most
//   ⌈(monitors used + 1) / 100⌉ + 1 pages, so it never walks more than the account holds, and never more pages than
//   reads were asked of it, so a small state in a large account costs at most about one request per read. A read
//   the listings do not answer (an archived monitor, a disabled page, one outside a restricted token's selection,
//   one beyond that page budget) is a GET. So is a listed record without a version token (`version` is nullable in
//   the spec): state must hold the version the next write sends as If-Match. A page none of whose records has one
//   ends the listings (the service does not put versions in lists), so such a service costs one page, then GETs.
//   Without the account's monitor count (a capability the service may not report) only the reads bound the pages.
// - once the process has sent any write (the run session sees each one the client sends, ../session.ts), listings
//   are off for both kinds: later reads must see the service as it is now, not an earlier page. No resource has to
//   say that it wrote.
// So a no-op plan of M monitors costs ⌈M/100⌉ + at most 2 requests (plus pages of paused monitors when there are
// some), however many monitors the state holds.
import type { Monitor, StatusPage } from '../../api/index.js';
import type { UptimeClient as Client } from '../../client/index.js';

const PAGE = 100;

export type BulkKind = 'monitors' | 'statusPages';

type Item = { id?: string; monitorId?: string; version?: string | null };
type Query = { enabled?: boolean; status?: 'paused' };
type Fetch = (q: Query & { limit: number; cursor?: string }) => Promise<{
  items: Item[];
  nextCursor: string | null;
}>;

/**
 * The listings of one kind in one provider process. Pages are fetched only while a read waits for them, and never
 * more pages than reads were asked of the listing: a small state in a large account falls back to GETs instead of
 * walking the account.
 */
class Listing {
  private readonly found = new Map<string, Item>();
  private readonly waiting = new Map<string, ((v: Item | undefined) => void)[]>();
  private phase = 0;
  private cursor: string | undefined;
  private pagesInPhase = 0;
  private pages = 0;
  private asked = 0;
  private running = false;
  private failed = false;

  constructor(
    private readonly fetch: Fetch,
    private readonly phases: Query[],
    private readonly maxPagesPerPhase: number,
    private readonly key: (i: Item) => string,
  ) {}

  get(id: string): Promise<Item | undefined> {
    this.asked += 1;
    const hit = this.found.get(id);
    if (hit) return Promise.resolve(hit);
    if (this.failed || this.phase >= this.phases.length) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const list = this.waiting.get(id) ?? [];
      list.push(resolve);
      this.waiting.set(id, list);
      if (!this.running) {
        this.running = true;
        void this.run();
      }
    });
  }

  /** Fetches pages while reads wait; a read the listings cannot answer is settled undefined (its caller GETs). */
  private async run(): Promise<void> {
    try {
      while (this.waiting.size > 0 && this.phase < this.phases.length) {
        if (this.pages >= this.asked) {
          // Out of budget for now. Reads Terraform has already sent may still be queued behind this page's
          // answer (it resolves before the event loop reads the socket again): let them register, then decide.
          await new Promise((resolve) => setImmediate(resolve));
          if (this.pages >= this.asked) break;
          continue;
        }
        const query = this.phases[this.phase]!;
        const r = await this.fetch({
          ...query,
          limit: PAGE,
          ...(this.cursor ? { cursor: this.cursor } : {}),
        });
        this.pages += 1;
        this.pagesInPhase += 1;
        const versioned = r.items.filter((item) => typeof item.version === 'string' && item.version !== '');
        for (const item of versioned) {
          const id = this.key(item);
          this.found.set(id, item);
          this.settle(id, item);
        }
        if (r.items.length && !versioned.length) {
          this.failed = true; // this service's lists carry no versions: GETs from here on
          break;
        }
        this.cursor = r.nextCursor ?? undefined;
        if (!r.nextCursor || this.pagesInPhase >= this.maxPagesPerPhase) {
          this.phase += 1;
          this.cursor = undefined;
          this.pagesInPhase = 0;
        }
      }
    } catch {
      // A failed listing costs nothing but the GETs it would have saved.
      this.failed = true;
    } finally {
      this.running = false;
      for (const id of [...this.waiting.keys()]) this.settle(id, undefined);
    }
  }

  private settle(id: string, v: Item | undefined): void {
    const list = this.waiting.get(id);
    if (!list) return;
    this.waiting.delete(id);
    for (const resolve of list) resolve(v);
  }
}

/** What the listings read from: the client, and the account's monitor count when capabilities report it. */
export interface ListSource {
  client: Client;
  monitorsUsed: number | undefined;
}

/**
 * The listings of one provider process (a member of its run session). `wrote` says whether the process has sent a
 * write; from then on every read goes to the service.
 */
export class ListingCache {
  private readonly reads: Record<BulkKind, number> = { monitors: 0, statusPages: 0 };
  private listings: Partial<Record<BulkKind, Listing>> = {};

  constructor(
    private readonly source: ListSource | null,
    private readonly wrote: () => boolean,
  ) {}

  /** The monitor from a listing when bulk reading applies and a listing holds it; undefined: read it with a GET. */
  monitor(id: string): Promise<Monitor | undefined> {
    return this.get('monitors', id) as Promise<Monitor | undefined>;
  }

  /** The status page of a monitor from a listing; undefined: read it with a GET. */
  statusPage(monitorId: string): Promise<StatusPage | undefined> {
    return this.get('statusPages', monitorId) as Promise<StatusPage | undefined>;
  }

  private async get(kind: BulkKind, id: string): Promise<Item | undefined> {
    if (!this.source) return undefined;
    this.reads[kind] += 1;
    if (this.wrote()) {
      this.listings = {};
      return undefined;
    }
    if (this.reads[kind] < 2) return undefined;
    return this.listingOf(kind, this.source).get(id);
  }

  private listingOf(kind: BulkKind, { client, monitorsUsed }: ListSource): Listing {
    const maxPages = monitorsUsed === undefined ? Infinity : Math.ceil((monitorsUsed + 1) / PAGE) + 1;
    const page = (r: { data: { items: unknown[]; nextCursor: string | null } }) => ({
      items: r.data.items as Item[],
      nextCursor: r.data.nextCursor,
    });
    let listing = this.listings[kind];
    if (!listing) {
      listing =
        kind === 'monitors'
          ? new Listing(
              async (q) => page(await client.listMonitors(q)),
              [{ enabled: true }, { status: 'paused' }],
              maxPages,
              (m) => m.id!,
            )
          : new Listing(
              async (q) => page(await client.listStatusPages(q)),
              [{ enabled: true }],
              maxPages,
              (p) => p.monitorId!,
            );
      this.listings[kind] = listing;
    }
    return listing;
  }
}
