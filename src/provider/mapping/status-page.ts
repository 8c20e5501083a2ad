// uptime_status_page: Terraform model ↔ API body/record (pure).
import { StatusPageUpdate, type StatusPage, type StatusPageUpdate as UpdateBody } from '../../api/index.js';
import { isUnknown } from '../../protocol/cty/values.js';
import type { Diagnostic } from '../../protocol/diagnostics.js';
import { newDraft, put, validateDraft, type BodyDraft } from '../validation.js';

/** The service's status-page defaults (docs/api-decisions.md, "Status pages"). */
export const STATUS_PAGE_DEFAULTS = {
  noindex: false,
  displayOptions: { uptimeTimeline: true, responseTime: true, incidents: true, recentHistory: true },
} as const;

export interface DisplayOptionsModel {
  uptime_timeline: boolean | null;
  response_time: boolean | null;
  incidents: boolean | null;
  recent_history: boolean | null;
}

export interface StatusPageModel {
  id: string | null;
  monitor_id: string;
  enabled: boolean | null;
  title: string | null;
  description: string | null;
  noindex: boolean | null;
  display_options: DisplayOptionsModel | null;
  slug: string | null;
  url: string | null;
  verification_status: string | null;
  custom_domain: { configured: boolean | null; enabled: boolean | null; status: string | null } | null;
  version: string | null;
  updated_at: string | null;
}

const DISPLAY: [keyof DisplayOptionsModel, keyof typeof STATUS_PAGE_DEFAULTS.displayOptions][] = [
  ['uptime_timeline', 'uptimeTimeline'],
  ['response_time', 'responseTime'],
  ['incidents', 'incidents'],
  ['recent_history', 'recentHistory'],
];

export function statusPageDraft(config: Record<string, unknown>): BodyDraft {
  const d = newDraft();
  put(d, d.body, '', 'enabled', config.enabled);
  put(d, d.body, '', 'title', config.title);
  put(d, d.body, '', 'description', config.description);
  put(d, d.body, '', 'noindex', config.noindex);
  const o = config.display_options;
  if (isUnknown(o)) d.unknownPaths.push('displayOptions');
  else if (o !== null && o !== undefined) {
    const out: Record<string, unknown> = {};
    for (const [a, k] of DISPLAY) put(d, out, 'displayOptions', k, (o as Record<string, unknown>)[a]);
    d.body.displayOptions = out;
  }
  return d;
}

export function validateStatusPageConfig(config: Record<string, unknown>): Diagnostic[] {
  return validateDraft(StatusPageUpdate, statusPageDraft(config), { skipRules: ['at_least_one'] });
}

/** PATCH body from planned values; `title` null = not managed (the API cannot clear it). */
export function statusPageBody(plan: StatusPageModel): UpdateBody {
  const body: UpdateBody = {
    enabled: plan.enabled ?? true,
    description: plan.description,
    noindex: plan.noindex ?? STATUS_PAGE_DEFAULTS.noindex,
    displayOptions: Object.fromEntries(
      DISPLAY.map(([a, k]) => [k, plan.display_options?.[a] ?? STATUS_PAGE_DEFAULTS.displayOptions[k]]),
    ),
  };
  if (plan.title !== null) body.title = plan.title;
  return body;
}

export function statusPageToModel(p: StatusPage, prior: StatusPageModel | null): StatusPageModel {
  const opts = p.displayOptions ?? STATUS_PAGE_DEFAULTS.displayOptions;
  return {
    id: p.monitorId,
    monitor_id: prior?.monitor_id ?? p.monitorId,
    enabled: p.enabled,
    title: p.title ?? null,
    description: p.description ?? null,
    noindex: p.noindex ?? STATUS_PAGE_DEFAULTS.noindex,
    display_options: Object.fromEntries(
      DISPLAY.map(([a, k]) => [a, opts[k]]),
    ) as unknown as DisplayOptionsModel,
    slug: p.slug ?? null,
    url: p.url ?? null,
    verification_status: p.verificationStatus,
    custom_domain: p.customDomain
      ? {
          configured: p.customDomain.configured,
          enabled: p.customDomain.enabled,
          status: p.customDomain.status,
        }
      : null,
    version: p.version ?? null,
    updated_at: p.updatedAt ?? null,
  };
}
