// Which public endpoints of a configuration a monitor watches: the one computation behind `plan-report --coverage`
// (review.ts, from a plan) and the CDKTF aspect (src/constructs/public-endpoints.ts, from a stack).
//
// - A chain is an endpoint and what it points at: a public DNS record or CDN whose target (`alias.name`, `records`,
//   `content`, an origin's `domain_name`) refers to another endpoint fronts it, and the chain is reported once, under
//   its user-facing head. An endpoint nobody fronts is a chain of one.
// - A monitor covers a chain when its `url` refers to a member (through modules and their outputs, `for_each` and
//   instance keys: resolve.ts; a url that reaches several instances of one resource watches one of them, not said
//   which: none), or its known URL's host equals a member's known hostname, or (live) a monitor of the
//   account has that host. Only monitor instances the plan keeps count: `count = 0` or an empty `for_each` covers
//   nothing, nor does a monitor being deleted.
// - Status, in this order: not an HTTP endpoint (a member says so) → not listed; covered → `covered` (whatever its
//   public-ness); a member is not public → `not-public`; a member's public-ness or HTTP-ness is known only after
//   apply, the target cannot be named, or a monitor's url cannot be followed (built from `local.*`: it might watch
//   this) → `unknown`; otherwise `uncovered`.
import { domainToASCII } from 'node:url';
import {
  catalogueEntry,
  suppression,
  type CatalogueEntry,
  type Decision,
  type EndpointView,
  type Related,
  type Setting,
  type Target,
} from './catalogue.js';
import { isHostname, normalHost, urlHost, type Configuration, type Instance } from './model.js';
import type { Phrase } from './phrase.js';
import { Resolver, scopeOf } from './resolve.js';

export const COVERAGE_STATUSES = ['covered', 'not-public', 'uncovered', 'unknown'] as const;
export type CoverageStatus = (typeof COVERAGE_STATUSES)[number];

/** A monitor of the account (read with a token), matched by host. */
export interface LiveMonitor {
  id: string;
  name: string;
  url: string;
}

export interface ChainFinding {
  head: Instance;
  /** The head first, then what it points at. */
  members: Instance[];
  entry: CatalogueEntry;
  status: CoverageStatus;
  because: Phrase;
  monitors: Instance[];
  live: LiveMonitor[];
  /** Known hostnames of the members (user-facing first). */
  hostnames: string[];
  /** Where the head's monitor should point, or null when it cannot be named. */
  target: Target | null;
  /** The member whose tag, label or annotation suppresses the chain, and where. */
  suppressed: { by: Instance; because: Phrase } | null;
  /** Some member is created, updated or replaced by the plan. */
  changed: boolean;
}

interface Assessed {
  instance: Instance;
  entry: CatalogueEntry;
  view: EndpointView;
  http: Decision;
  public: Decision;
  hostnames: string[];
  target: Target | { undecided: Phrase };
  suppressed: Phrase | null;
}

/** An instance's settings as the rules read them: a setting left out is the provider's default even when the plan
 *  shows the computed attribute unknown; one written with an unknown value is unknown. */
export function endpointView(i: Instance, related: (path: string, type: string) => Related): EndpointView {
  return {
    type: i.resource.type,
    mode: i.resource.mode,
    address: i.address,
    setting(path: string): Setting {
      const v = i.value(path);
      if (v.state === 'known') return { kind: 'set', value: v.value };
      if (v.state === 'unknown' && i.resource.references(path) !== undefined) return { kind: 'unknown' };
      return { kind: 'default' };
    },
    values: (path) => i.values(path),
    related,
  };
}

function hostnamesOf(view: EndpointView, entry: CatalogueEntry): string[] {
  const out: string[] = [];
  for (const path of entry.hostnames)
    for (const v of view.values(path)) {
      if (typeof v !== 'string') continue;
      // A name as a URL's host reads it: internationalized names in their ASCII (punycode) form.
      const ascii = domainToASCII(v.trim());
      const h = /^[a-z][a-z0-9+.-]*:\/\//i.test(v)
        ? urlHost(v)
        : isHostname(ascii)
          ? normalHost(ascii)
          : null;
      if (h && !out.includes(h)) out.push(h);
    }
  return out;
}

export interface CoverageOptions {
  live?: readonly LiveMonitor[];
}

export function findCoverage(config: Configuration, o: CoverageOptions = {}): ChainFinding[] {
  const resolver = new Resolver(config);
  const related =
    (i: Instance) =>
    (path: string, type: string): Related => {
      const refs = i.resource.references(path);
      if (!refs) return { kind: 'outside' };
      const r = resolver.resolve(scopeOf(i), refs);
      const found = r.instances.filter((x) => x.resource.type === type);
      if (found.length) return { kind: 'found', views: found.map((x) => endpointView(x, related(x))) };
      if (r.unresolved.length)
        return {
          kind: 'unknown',
          because: [
            { code: path },
            ' refers to ',
            { code: r.unresolved[0]! },
            ', which cannot be followed to a resource',
          ],
        };
      return { kind: 'outside' };
    };

  const endpoints = new Map<Instance, Assessed>();
  for (const i of config.instances) {
    if (i.resource.mode !== 'managed') continue;
    const entry = catalogueEntry(i.resource.type);
    if (!entry) continue;
    const view = endpointView(i, related(i));
    endpoints.set(i, {
      instance: i,
      entry,
      view,
      http: entry.http?.(view) ?? { answer: 'yes', because: [] },
      public: entry.public(view),
      hostnames: hostnamesOf(view, entry),
      target: entry.target(view),
      suppressed: suppression(view, entry),
    });
  }

  // Fronts: a public DNS record or CDN → the endpoints its target refers to.
  const fronts = new Map<Instance, Instance[]>();
  const fronted = new Set<Instance>();
  for (const a of endpoints.values()) {
    if (a.public.answer !== 'yes' || a.http.answer === 'no') continue;
    for (const path of a.entry.fronts ?? []) {
      const refs = a.instance.resource.references(path);
      if (!refs) continue;
      for (const t of resolver.resolve(scopeOf(a.instance), refs).instances) {
        if (t === a.instance || !endpoints.has(t)) continue;
        const list = fronts.get(a.instance) ?? [];
        if (!list.includes(t)) list.push(t);
        fronts.set(a.instance, list);
        fronted.add(t);
      }
    }
  }

  // Monitors: what each one's url refers to, its host, and those whose url cannot be followed.
  const byReference = new Map<Instance, Instance[]>();
  const byHost = new Map<string, Instance[]>();
  const undecidable: { monitor: Instance; ref: string }[] = [];
  for (const m of config.monitors) {
    const url = m.value('url');
    if (url.state === 'known' && typeof url.value === 'string') {
      const h = urlHost(url.value);
      if (h) append(byHost, h, m);
    }
    const refs = m.resource.references('url') ?? [];
    const r = resolver.resolve(scopeOf(m), refs);
    const watched = oneEach(r.instances);
    for (const t of watched) append(byReference, t, m);
    if (url.state !== 'known' && !watched.length)
      undecidable.push({
        monitor: m,
        ref: r.unresolved[0] ?? (r.instances[0] ? localName(r.instances[0]) : (refs[0] ?? 'url')),
      });
  }
  const liveByHost = new Map<string, LiveMonitor[]>();
  for (const l of o.live ?? []) {
    const h = urlHost(l.url);
    if (h) append(liveByHost, h, l);
  }

  const findings: ChainFinding[] = [];
  for (const head of endpoints.values()) {
    if (fronted.has(head.instance)) continue;
    const members: Assessed[] = [];
    const walk = (a: Assessed) => {
      if (members.includes(a)) return;
      members.push(a);
      for (const t of fronts.get(a.instance) ?? []) walk(endpoints.get(t)!);
    };
    walk(head);
    if (members.some((m) => m.http.answer === 'no')) continue;

    const watchers = new Set<Instance>();
    const liveSet = new Set<LiveMonitor>();
    const names = new Set<string>();
    for (const m of members) {
      for (const x of byReference.get(m.instance) ?? []) watchers.add(x);
      for (const h of m.hostnames) {
        names.add(h);
        for (const x of byHost.get(h) ?? []) watchers.add(x);
        for (const x of liveByHost.get(h) ?? []) liveSet.add(x);
      }
    }
    const monitors = [...watchers];
    const live = [...liveSet];
    const hostnames = [...names];
    const target = 'undecided' in head.target ? null : head.target;
    const suppressor = members.find((m) => m.suppressed);
    const at = (m: Assessed, p: Phrase): Phrase =>
      m === head ? p : [{ code: m.instance.address }, ': ', ...p];
    let status: CoverageStatus;
    let because: Phrase;
    const notPublic = members.find((m) => m.public.answer === 'no');
    const unsure =
      members.find((m) => m.http.answer === 'unknown') ?? members.find((m) => m.public.answer === 'unknown');
    if (monitors.length || live.length) {
      status = 'covered';
      because = monitors.length
        ? ['watched by ', ...list(monitors.map((x) => x.address))]
        : ['watched by the live monitor ', ...list(live.map((x) => `${x.name} (${x.id})`))];
    } else if (notPublic) {
      status = 'not-public';
      because = at(notPublic, notPublic.public.because);
    } else if (unsure) {
      status = 'unknown';
      because = at(unsure, unsure.http.answer === 'unknown' ? unsure.http.because : unsure.public.because);
    } else if ('undecided' in head.target) {
      status = 'unknown';
      because = head.target.undecided;
    } else if (undecidable.length) {
      status = 'unknown';
      const u = undecidable[0]!;
      because = [
        'the url of ',
        { code: u.monitor.address },
        ' is built from ',
        { code: u.ref },
        ', which cannot be followed to a resource: it may watch this endpoint',
      ];
    } else {
      status = 'uncovered';
      because = ["no monitor's url refers to it", ...(hostnames.length ? [' or to its hostname'] : [])];
    }
    findings.push({
      head: head.instance,
      members: members.map((m) => m.instance),
      entry: head.entry,
      status,
      because,
      monitors,
      live,
      hostnames,
      target,
      suppressed: suppressor
        ? { by: suppressor.instance, because: at(suppressor, suppressor.suppressed!) }
        : null,
      changed: members.some((m) => m.instance.changed),
    });
  }
  return findings;
}

/** What one monitor instance's url can watch: one URL has one host, so several instances of one resource reached
 *  through it (`aws_lb.web[var.primary]`, a module output that maps them all) leave which one unsaid: none of them. */
function oneEach(instances: Instance[]): Instance[] {
  const count = new Map<string, number>();
  const id = (i: Instance) => `${i.moduleInstance}\u0000${i.resource.address}`;
  for (const i of instances) if (i.key !== null) count.set(id(i), (count.get(id(i)) ?? 0) + 1);
  return instances.filter((i) => i.key === null || count.get(id(i)) === 1);
}

/** An instance's resource as a reference names it, without its key (`aws_lb.web`, `module.x.aws_lb.web`). */
function localName(i: Instance): string {
  return `${i.moduleInstance ? `${i.moduleInstance}.` : ''}${i.resource.address}`;
}

function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function list(items: string[]): Phrase {
  const out: Phrase = [];
  items.forEach((x, n) => {
    if (n) out.push(n === items.length - 1 ? ' and ' : ', ');
    out.push({ code: x });
  });
  return out;
}
