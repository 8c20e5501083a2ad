// An independent check of the coverage review: random configurations of load balancers, Route 53 records (alias
// chains, public, private and outside zones, record types), Lambda function URLs and monitors (references, literal
// URLs, `count = 0`, monitors being deleted, URLs through a local), written as Terraform's plan JSON writes them
// (`resource_changes` with `after`/`after_unknown`, `configuration…expressions` with `references` and
// `constant_value`; the shapes of the plans in fixtures/), and an oracle that applies the rules as the reference
// (../shared/reference/coverage.md) and the providers' docs state them, written without the review's code: the two
// must give every endpoint the same status, and list the same ones.
import fc from 'fast-check';
import { reviewCoverage, type CoveragePlan } from '../../src/coverage/index.js';

type Action = 'create' | 'update' | 'no-op' | 'replace';
type Tri = 'omit' | true | false | 'unknown';

interface Lb {
  internal: Tri;
  type: 'omit' | 'application' | 'network' | 'unknown';
  ignore: boolean;
  action: Action;
}
interface Rec {
  dnsType: 'A' | 'CNAME' | 'TXT';
  alias: number | null;
  zone: 'outside' | 'public' | 'private';
  action: Action;
}
interface Url {
  auth: 'NONE' | 'AWS_IAM' | 'unknown';
  action: Action;
}
type Target =
  | { kind: 'lb' | 'record' | 'url'; i: number }
  | { kind: 'host'; i: number }
  | { kind: 'other' }
  | { kind: 'local' };
interface Mon {
  target: Target;
  countZero: boolean;
  deleting: boolean;
}
interface Model {
  lbs: Lb[];
  recs: Rec[];
  urls: Url[];
  mons: Mon[];
}

const action = fc.constantFrom<Action>('create', 'update', 'no-op', 'replace');
const model: fc.Arbitrary<Model> = fc
  .record({
    lbs: fc.array(
      fc.record({
        internal: fc.constantFrom<Tri>('omit', true, false, 'unknown'),
        type: fc.constantFrom<Lb['type']>('omit', 'application', 'network', 'unknown'),
        ignore: fc.boolean(),
        action,
      }),
      { maxLength: 4 },
    ),
    recs: fc.array(
      fc.record({
        dnsType: fc.constantFrom<Rec['dnsType']>('A', 'CNAME', 'TXT'),
        alias: fc.option(fc.nat(3), { nil: null }),
        zone: fc.constantFrom<Rec['zone']>('outside', 'public', 'private'),
        action,
      }),
      { maxLength: 3 },
    ),
    urls: fc.array(fc.record({ auth: fc.constantFrom<Url['auth']>('NONE', 'AWS_IAM', 'unknown'), action }), {
      maxLength: 2,
    }),
    mons: fc.array(
      fc.record({
        target: fc.oneof(
          fc.record({
            kind: fc.constantFrom<'lb' | 'record' | 'url' | 'host'>('lb', 'record', 'url', 'host'),
            i: fc.nat(3),
          }),
          fc.constant<Target>({ kind: 'other' }),
          fc.constant<Target>({ kind: 'local' }),
        ),
        countZero: fc.boolean(),
        deleting: fc.boolean(),
      }),
      { maxLength: 4 },
    ),
  })
  .map((m) => ({
    ...m,
    recs: m.recs.map((r) => ({ ...r, alias: r.alias !== null && r.alias < m.lbs.length ? r.alias : null })),
  }));

const host = (i: number) => `h${i}.example.com`;
const dns = (i: number) => `lb${i}-1.eu-west-1.elb.amazonaws.com`;
const actions = (a: Action) => (a === 'replace' ? ['delete', 'create'] : [a]);
const known = (a: Action) => a === 'update' || a === 'no-op';
const refs = (...r: string[]) => ({ references: r });
const constant = (v: unknown) => ({ constant_value: v });

/** The plan JSON Terraform writes for the model. */
function planOf(m: Model) {
  const rcs: unknown[] = [];
  const config: unknown[] = [];
  const rc = (address: string, type: string, a: string[], after: unknown, unknown: unknown, extra = {}) =>
    rcs.push({
      address,
      mode: 'managed',
      type,
      name: address.split('.')[1],
      provider_name: `registry.terraform.io/${type.startsWith('uptime') ? 'uptime-monitoring/uptime' : 'hashicorp/aws'}`,
      change: { actions: a, after, after_unknown: unknown },
      ...extra,
    });
  const cfg = (address: string, type: string, expressions: unknown, extra = {}) =>
    config.push({ address, mode: 'managed', type, name: address.split('.')[1], expressions, ...extra });

  rc('terraform_data.flag', 'terraform_data', ['create'], { input: true }, { output: true });
  for (const [z, vpc] of [
    ['pub', []],
    ['priv', [{ vpc_id: 'vpc-1' }]],
  ] as const) {
    rc(
      `aws_route53_zone.${z}`,
      'aws_route53_zone',
      ['no-op'],
      { name: `${z}.example.com`, vpc, zone_id: `Z${z}` },
      {},
    );
    cfg(`aws_route53_zone.${z}`, 'aws_route53_zone', {
      name: constant(`${z}.example.com`),
      ...(vpc.length ? { vpc: [{ vpc_id: constant('vpc-1') }] } : {}),
    });
  }
  const flag = refs('terraform_data.flag.output', 'terraform_data.flag');
  m.lbs.forEach((lb, i) => {
    const after: Record<string, unknown> = {
      name: `lb${i}`,
      tags: lb.ignore ? { 'uptime-coverage': 'ignore' } : null,
    };
    const unknown: Record<string, unknown> = {};
    const expressions: Record<string, unknown> = { name: constant(`lb${i}`) };
    if (lb.internal === 'unknown') {
      unknown.internal = true;
      expressions.internal = flag;
    } else if (lb.internal === 'omit') {
      if (known(lb.action)) after.internal = false;
      else unknown.internal = true;
    } else {
      after.internal = lb.internal;
      expressions.internal = constant(lb.internal);
    }
    if (lb.type === 'unknown') {
      unknown.load_balancer_type = true;
      expressions.load_balancer_type = flag;
    } else {
      after.load_balancer_type = lb.type === 'omit' ? 'application' : lb.type;
      if (lb.type !== 'omit') expressions.load_balancer_type = constant(lb.type);
    }
    if (lb.ignore) expressions.tags = constant(after.tags);
    if (known(lb.action)) after.dns_name = dns(i);
    else unknown.dns_name = true;
    rc(`aws_lb.lb${i}`, 'aws_lb', actions(lb.action), after, unknown);
    cfg(`aws_lb.lb${i}`, 'aws_lb', expressions);
  });
  m.recs.forEach((r, i) => {
    const zone =
      r.zone === 'outside'
        ? constant('Z0OUTSIDE')
        : refs(
            `aws_route53_zone.${r.zone === 'public' ? 'pub' : 'priv'}.zone_id`,
            `aws_route53_zone.${r.zone === 'public' ? 'pub' : 'priv'}`,
          );
    const expressions: Record<string, unknown> = {
      zone_id: zone,
      name: constant(host(i)),
      type: constant(r.dnsType),
    };
    const after: Record<string, unknown> = { name: host(i), type: r.dnsType, alias: [] };
    const unknown: Record<string, unknown> = {};
    if (r.alias !== null) {
      expressions.alias = [
        {
          name: refs(`aws_lb.lb${r.alias}.dns_name`, `aws_lb.lb${r.alias}`),
          evaluate_target_health: constant(true),
        },
      ];
      after.alias = [{ evaluate_target_health: true }];
      unknown.alias = [{ name: true, zone_id: true }];
    }
    if (known(r.action)) after.fqdn = host(i);
    else unknown.fqdn = true;
    rc(`aws_route53_record.r${i}`, 'aws_route53_record', actions(r.action), after, unknown);
    cfg(`aws_route53_record.r${i}`, 'aws_route53_record', expressions);
  });
  m.urls.forEach((u, i) => {
    const after: Record<string, unknown> = { function_name: 'fn' };
    const unknown: Record<string, unknown> = known(u.action) ? {} : { function_url: true };
    if (known(u.action)) after.function_url = `https://u${i}.lambda-url.eu-west-1.on.aws/`;
    if (u.auth === 'unknown') unknown.authorization_type = true;
    else after.authorization_type = u.auth;
    rc(`aws_lambda_function_url.u${i}`, 'aws_lambda_function_url', actions(u.action), after, unknown);
    cfg(`aws_lambda_function_url.u${i}`, 'aws_lambda_function_url', {
      function_name: constant('fn'),
      authorization_type: u.auth === 'unknown' ? flag : constant(u.auth),
    });
  });
  m.mons.forEach((mon, j) => {
    const t = mon.target;
    let url: unknown;
    let value: string | undefined;
    if (t.kind === 'lb') {
      url = refs(`aws_lb.lb${t.i}.dns_name`, `aws_lb.lb${t.i}`);
      if (m.lbs[t.i] && known(m.lbs[t.i]!.action)) value = `https://${dns(t.i)}/`;
    } else if (t.kind === 'record') {
      url = refs(`aws_route53_record.r${t.i}.fqdn`, `aws_route53_record.r${t.i}`);
      if (m.recs[t.i] && known(m.recs[t.i]!.action)) value = `https://${host(t.i)}/`;
    } else if (t.kind === 'url') {
      url = refs(`aws_lambda_function_url.u${t.i}.function_url`, `aws_lambda_function_url.u${t.i}`);
      if (m.urls[t.i] && known(m.urls[t.i]!.action)) value = `https://u${t.i}.lambda-url.eu-west-1.on.aws/`;
    } else if (t.kind === 'host') {
      value = `https://${host(t.i).toUpperCase()}/health`;
      url = constant(value);
    } else if (t.kind === 'other') {
      value = 'https://other.example.org/';
      url = constant(value);
    } else url = refs('local.url');
    // A reference to a resource the configuration does not have is no plan Terraform makes: a literal instead.
    if (t.kind !== 'host' && t.kind !== 'other' && t.kind !== 'local') {
      const exists =
        t.kind === 'lb'
          ? t.i < m.lbs.length
          : t.kind === 'record'
            ? t.i < m.recs.length
            : t.i < m.urls.length;
      if (!exists) {
        value = 'https://nowhere.example.org/';
        url = constant(value);
      }
    }
    const address = `uptime_monitor.m${j}`;
    if (mon.deleting) {
      rc(address, 'uptime_monitor', ['delete'], null, {});
      return;
    }
    cfg(
      address,
      'uptime_monitor',
      { name: constant(`m${j}`), url },
      mon.countZero ? { count_expression: constant(0) } : {},
    );
    if (!mon.countZero)
      rc(
        address,
        'uptime_monitor',
        ['create'],
        { name: `m${j}`, ...(value ? { url: value } : {}) },
        value ? { id: true } : { id: true, url: true },
      );
  });
  const plan = {
    format_version: '1.2',
    resource_changes: rcs,
    configuration: { root_module: { resources: config } },
  };
  return plan as unknown as CoveragePlan;
}

type Status = 'covered' | 'not-public' | 'uncovered' | 'unknown' | 'ignored';

/** The rules, applied to the model. */
function oracle(m: Model): Record<string, Status> {
  type E = {
    address: string;
    changed: boolean;
    http: 'yes' | 'no' | 'unknown';
    pub: 'yes' | 'no' | 'unknown';
    ignore: boolean;
    host?: string;
  };
  const lbs: E[] = m.lbs.map((lb, i) => ({
    address: `aws_lb.lb${i}`,
    changed: lb.action !== 'no-op',
    http: lb.type === 'network' ? 'no' : lb.type === 'unknown' ? 'unknown' : 'yes',
    pub: lb.internal === true ? 'no' : lb.internal === 'unknown' ? 'unknown' : 'yes',
    ignore: lb.ignore,
    ...(known(lb.action) ? { host: dns(i) } : {}),
  }));
  const recs: E[] = m.recs.map((r, i) => ({
    address: `aws_route53_record.r${i}`,
    changed: r.action !== 'no-op',
    http: r.dnsType === 'TXT' ? 'no' : 'yes',
    pub: r.zone === 'private' ? 'no' : 'yes',
    ignore: false,
    host: host(i),
  }));
  const urls: E[] = m.urls.map((u, i) => ({
    address: `aws_lambda_function_url.u${i}`,
    changed: u.action !== 'no-op',
    http: 'yes',
    pub: u.auth === 'AWS_IAM' ? 'no' : u.auth === 'unknown' ? 'unknown' : 'yes',
    ignore: false,
    ...(known(u.action) ? { host: `u${i}.lambda-url.eu-west-1.on.aws` } : {}),
  }));
  // A public record in front of a load balancer: one chain, under the record.
  const chains: E[][] = [];
  const fronted = new Set<number>();
  m.recs.forEach((r, i) => {
    const front = r.alias !== null && recs[i]!.pub === 'yes' && recs[i]!.http !== 'no';
    if (front) fronted.add(r.alias!);
    chains.push(front ? [recs[i]!, lbs[r.alias!]!] : [recs[i]!]);
  });
  lbs.forEach((lb, i) => {
    if (!fronted.has(i)) chains.push([lb]);
  });
  urls.forEach((u) => chains.push([u]));

  const live = m.mons.filter((x) => !x.countZero && !x.deleting);
  const watches = (x: Mon, e: E): boolean => {
    const t = x.target;
    if (t.kind === 'lb') return e.address === `aws_lb.lb${t.i}`;
    if (t.kind === 'record') return e.address === `aws_route53_record.r${t.i}`;
    if (t.kind === 'url') return e.address === `aws_lambda_function_url.u${t.i}`;
    if (t.kind === 'host') return e.host === host(t.i);
    return false;
  };
  const undecidable = live.some((x) => x.target.kind === 'local');
  const out: Record<string, Status> = {};
  for (const chain of chains) {
    if (!chain.some((e) => e.changed) || chain.some((e) => e.http === 'no')) continue;
    const head = chain[0]!.address;
    if (chain.some((e) => e.ignore)) out[head] = 'ignored';
    else if (live.some((x) => chain.some((e) => watches(x, e)))) out[head] = 'covered';
    else if (chain.some((e) => e.pub === 'no')) out[head] = 'not-public';
    else if (chain.some((e) => e.pub === 'unknown' || e.http === 'unknown') || undecidable)
      out[head] = 'unknown';
    else out[head] = 'uncovered';
  }
  return out;
}

test('the review gives every endpoint of a random configuration the status the rules give it', () => {
  const seen = new Set<Status>();
  fc.assert(
    fc.property(model, (m) => {
      const r = reviewCoverage([{ name: 'x', plan: planOf(m) }]);
      const got: Record<string, Status> = {};
      for (const e of r.endpoints) got[e.address] = e.status;
      for (const i of r.ignored) got[i.address] = 'ignored';
      expect(got).toEqual(oracle(m));
      for (const s of Object.values(got)) seen.add(s);
    }),
    { numRuns: 400 },
  );
  // The configurations reach every status (the check is not vacuous).
  expect([...seen].sort()).toEqual(['covered', 'ignored', 'not-public', 'uncovered', 'unknown']);
});
