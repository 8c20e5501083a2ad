// UptimeStatusPage: the content of one monitor's public status page (resource `uptime_status_page`), with the
// provider's validation at synth.
import type { TerraformProvider } from 'cdktf';
import { Construct } from 'constructs';
import { STATUS_PAGE_DESCRIPTION_MAX, STATUS_PAGE_TITLE_MAX } from '../api/limits.js';
import { statusPageResource } from '../provider/resources/status-page.js';
import { StatusPage } from './generated/status-page/index.js';
import { camelPath, providerErrors } from './validation.js';

export { STATUS_PAGE_DESCRIPTION_MAX, STATUS_PAGE_TITLE_MAX };

/** Sections shown on the page. Each one omitted: shown. */
export interface UptimeStatusPageSections {
  /**
   * The uptime timeline. Default: true.
   * @example true
   */
  readonly uptimeTimeline?: boolean;
  /**
   * The response-time chart. Default: true.
   * @example false
   */
  readonly responseTime?: boolean;
  /**
   * The incident list. Default: true.
   * @example true
   */
  readonly incidents?: boolean;
  /**
   * The recent check history. Default: true.
   * @example true
   */
  readonly recentHistory?: boolean;
}

/**
 * What the status page shows. The page itself (slug, URL, ownership verification, custom domain) is set up once
 * in the dashboard; until then the service refuses every change (409 `dashboard_setup_required`), so a page can
 * only be managed for a monitor whose page was already set up.
 */
export interface UptimeStatusPageContent {
  /**
   * Whether the page is published.
   * @default true
   * @example true
   */
  readonly enabled?: boolean;
  /**
   * Page title, at most 120 characters (`STATUS_PAGE_TITLE_MAX`). Default: not managed (the current title is
   * kept; the API cannot clear a title).
   * @example "API status"
   */
  readonly title?: string;
  /**
   * Description, at most 500 characters (`STATUS_PAGE_DESCRIPTION_MAX`). Default: none (cleared).
   * @example "Live availability of api.example.com"
   */
  readonly description?: string;
  /**
   * Ask search engines not to index the page.
   * @default false
   * @example true
   */
  readonly noindex?: boolean;
  /**
   * Sections shown. Default: all.
   * @example { responseTime: false }
   */
  readonly displayOptions?: UptimeStatusPageSections;
}

export interface UptimeStatusPageProps extends UptimeStatusPageContent {
  /**
   * The monitor whose page this is (a UUID, usually a token such as `monitor.monitorId` or
   * `UptimeMonitorLookup.monitorId`).
   * @example monitor.monitorId
   */
  readonly monitorId: string;
  /**
   * Provider to use. Default: the stack's default `uptime` provider.
   * @example new provider.UptimeProvider(this, 'eu', { alias: 'eu' })
   */
  readonly provider?: TerraformProvider;
}

/**
 * The content of a monitor's public status page. Destroying it unpublishes the page (content is kept).
 *
 * @example
 * new UptimeStatusPage(this, 'page', { monitorId: api.monitorId, title: 'API status', noindex: true });
 */
export class UptimeStatusPage extends Construct {
  /** The underlying `uptime_status_page` resource (escape hatch). */
  readonly resource: StatusPage;
  /** The page's public URL (known after apply). */
  readonly url: string;

  /**
   * @param propPrefix prefix of prop names in validation messages (`statusPage.` when made by UptimeMonitor).
   */
  constructor(scope: Construct, id: string, props: UptimeStatusPageProps, propPrefix = '') {
    super(scope, id);
    const o = props.displayOptions;
    const config = {
      monitor_id: props.monitorId,
      enabled: props.enabled,
      title: props.title,
      description: props.description,
      noindex: props.noindex,
      display_options: o && {
        uptime_timeline: o.uptimeTimeline,
        response_time: o.responseTime,
        incidents: o.incidents,
        recent_history: o.recentHistory,
      },
    };
    this.node.addValidation({
      validate: () =>
        providerErrors(statusPageResource, config, (p) =>
          p === 'monitor_id' && propPrefix ? 'monitor id' : `${propPrefix}${camelPath(p)}`,
        ),
    });
    this.resource = new StatusPage(this, 'page', {
      monitorId: props.monitorId,
      ...(props.enabled !== undefined ? { enabled: props.enabled } : {}),
      ...(props.title !== undefined ? { title: props.title } : {}),
      ...(props.description !== undefined ? { description: props.description } : {}),
      ...(props.noindex !== undefined ? { noindex: props.noindex } : {}),
      ...(o ? { displayOptions: { ...o } } : {}),
      ...(props.provider ? { provider: props.provider } : {}),
    });
    this.url = this.resource.url;
  }
}
