// MonitorPublicEndpoints: a CDKTF aspect that adds one UptimeMonitor for each public HTTP endpoint of the coverage
// catalogue in a stack that no monitor refers to yet, with the same catalogue, public/private rules and chains as
// `uptimectl plan-report --coverage` (src/coverage: one home). It reads the stack as it will synthesize (tokens
// resolved, as cdk.tf.json holds them), so an endpoint behind a DNS record gets one monitor, on the record.
// The monitor's `url` is a reference to the endpoint (a token of its attribute), so it works before the endpoint
// exists; its construct id is stable (`uptime-coverage-<type>-<logical id>`), so a second synth adds nothing twice.
// A monitor of another stack of the app counts when it refers to an endpoint of this one (a cross-stack reference)
// or has its hostname.
// Aspects run per stack (CDKTF invokes those of each stack and its children, never those of the App): added to the
// App it does nothing, and the app's output says so when it ends.
import { writeSync } from 'node:fs';
import {
  Annotations,
  Aspects,
  DefaultTokenResolver,
  StringConcat,
  TerraformDataSource,
  TerraformResource,
  TerraformStack,
  Tokenization,
  type IAspect,
} from 'cdktf';
import type { IConstruct } from 'constructs';
import { monitorNameWithin } from '../api/limits.js';
import { findCoverage, phraseText, type ChainFinding } from '../coverage/index.js';
import { jsonConfiguration, type TerraformJson } from '../coverage/terraform-json.js';
import { escapeTemplate, templateLiteral } from '../protocol/template.js';
import { UptimeMonitor, type UptimeMonitorProps } from './monitor.js';

const MONITOR = 'uptime_monitor';

function resolved(scope: TerraformStack, value: unknown): unknown {
  return Tokenization.resolve(value, {
    scope,
    preparing: false,
    resolver: new DefaultTokenResolver(new StringConcat()),
  });
}

/**
 * The monitors of the app's other stacks whose `url` refers to this stack (a cross-stack reference) or is a literal
 * URL, as this stack would read them: a reference resolves to remote state in its own stack and to the resource
 * itself here, so a url that reads differently here is one that points into this stack.
 */
function monitorsOfOtherStacks(stack: TerraformStack): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const others = stack.node.root.node.findAll().filter((c) => TerraformStack.isStack(c) && c !== stack);
  for (const other of others)
    for (const c of other.node.findAll()) {
      if (!TerraformResource.isTerraformResource(c) || c.terraformResourceType !== MONITOR) continue;
      const config = c.toTerraform() as { resource?: Record<string, Record<string, { url?: unknown }>> };
      const there = resolved(other as TerraformStack, config.resource?.[MONITOR]?.[c.friendlyUniqueId]?.url);
      const here = resolved(stack, config.resource?.[MONITOR]?.[c.friendlyUniqueId]?.url);
      // A literal URL counts too: its host may be one of this stack's endpoints.
      if (typeof here === 'string' && (here !== there || templateLiteral(here) !== undefined))
        out[`${other.node.id.replace(/[^\w-]/g, '_')}--${c.friendlyUniqueId}`] = { url: here };
    }
  return out;
}

/** An endpoint the aspect monitors, for `monitorName`. */
export interface PublicEndpoint {
  /**
   * Its Terraform address in the stack.
   * @example "aws_route53_record.api"
   */
  readonly address: string;
  /**
   * Its resource type.
   * @example "aws_route53_record"
   */
  readonly type: string;
  /**
   * Its construct path.
   * @example "web/api"
   */
  readonly path: string;
  /**
   * Hostnames known at synth (a DNS record's name, a CDN's aliases).
   * @example ["api.example.com"]
   */
  readonly hostnames: string[];
}

export interface MonitorPublicEndpointsProps extends Omit<UptimeMonitorProps, 'name' | 'url' | 'statusPage'> {
  /**
   * The monitor's name for an endpoint. Default: its first known hostname, else its construct path and type.
   * @example (e) => 'Public: ' + (e.hostnames[0] ?? e.path)
   */
  readonly monitorName?: (endpoint: PublicEndpoint) => string;
}

/** Aspects constructed in this process that have not run on a stack yet. */
const notRun = new Set<MonitorPublicEndpoints>();
let exitHook = false;

/** What the app prints when it ends and an aspect never ran (added to the App, or never added). */
export const NOT_RUN_WARNING =
  'Warning: MonitorPublicEndpoints never ran: CDKTF runs the aspects of each stack, not those added to the App. ' +
  'Add it to each stack: Aspects.of(stack).add(new MonitorPublicEndpoints({ … })).';

/** The instances that were constructed but never visited a stack (the app's end warns about them). */
export function aspectsNotRun(): number {
  return notRun.size;
}

/**
 * Adds a monitor for each public endpoint in the stack that no monitor watches (load balancers, API stages, DNS
 * records, Cloud Run services, ingresses, web apps: the catalogue of `uptimectl plan-report --coverage`).
 *
 * @example
 * Aspects.of(stack).add(new MonitorPublicEndpoints({ intervalSeconds: 60, alerts: { email: ops } }));
 */
export class MonitorPublicEndpoints implements IAspect {
  private readonly props: MonitorPublicEndpointsProps;

  constructor(props: MonitorPublicEndpointsProps = {}) {
    this.props = props;
    notRun.add(this);
    if (!exitHook) {
      exitHook = true;
      process.once('exit', (code) => {
        // stdout: the CDK CLIs show the app's standard output, not its errors.
        if (code === 0 && notRun.size) writeSync(1, `${NOT_RUN_WARNING}\n`);
      });
    }
  }

  visit(node: IConstruct): void {
    if (!TerraformStack.isStack(node)) return;
    notRun.delete(this);
    const stack = node;
    const onApp = Aspects.of(stack.node.root).all.some((a) => a instanceof MonitorPublicEndpoints);
    if (onApp) Annotations.of(stack).addWarning(NOT_RUN_WARNING);

    const elements = new Map<string, TerraformResource>();
    for (const c of stack.node.findAll())
      if (TerraformResource.isTerraformResource(c) && !TerraformDataSource.isTerraformDataSource(c))
        elements.set(`${c.terraformResourceType}.${c.friendlyUniqueId}`, c);
    let doc: TerraformJson;
    try {
      doc = resolved(stack, stack.toTerraform()) as TerraformJson;
      const watching = monitorsOfOtherStacks(stack);
      if (Object.keys(watching).length)
        doc = {
          ...doc,
          resource: { ...doc.resource, [MONITOR]: { ...doc.resource?.[MONITOR], ...watching } },
        };
    } catch (err) {
      Annotations.of(stack).addWarning(
        `MonitorPublicEndpoints: the stack could not be read before synthesis (${(err as Error).message}); no monitor added`,
      );
      return;
    }
    for (const f of findCoverage(jsonConfiguration(doc))) {
      const endpoint = elements.get(f.head.address);
      if (!endpoint || f.suppressed) continue;
      if (f.status === 'unknown')
        Annotations.of(endpoint).addInfo(
          `MonitorPublicEndpoints: no monitor added: ${phraseText(f.because)}`,
        );
      if (f.status !== 'uncovered') continue;
      if (endpoint.count !== undefined || endpoint.forEach !== undefined) {
        Annotations.of(endpoint).addInfo(
          'MonitorPublicEndpoints: no monitor added: it has count or for_each; add monitors with the same iterator',
        );
        continue;
      }
      this.addMonitor(stack, endpoint, f);
    }
  }

  private addMonitor(stack: TerraformStack, endpoint: TerraformResource, f: ChainFinding): void {
    const id = `uptime-coverage-${endpoint.terraformResourceType}-${endpoint.friendlyUniqueId}`;
    const t = f.target;
    if (!t || stack.node.tryFindChild(id)) return;
    const attribute = endpoint.getStringAttribute(t.attribute);
    const url = t.form === 'url' ? attribute : `${t.scheme}://${attribute}${escapeTemplate(t.path)}`;
    const info: PublicEndpoint = {
      address: f.head.address,
      type: endpoint.terraformResourceType,
      path: endpoint.node.path,
      hostnames: f.hostnames,
    };
    const { monitorName, ...settings } = this.props;
    // The default name is data (a construct path may hold `${` or `%{`): a template that reads as that text.
    const name = monitorName
      ? monitorNameWithin(monitorName(info))
      : escapeTemplate(monitorNameWithin(f.hostnames[0] ?? `${info.path} (${info.type})`));
    new UptimeMonitor(stack, id, { ...settings, name, url });
  }
}
