// UptimeStatusPage: the content of one monitor's public status page (resource `uptime_status_page`), with the
// provider's validation at synth.
import type { TerraformProvider } from 'cdktf';
import { Construct } from 'constructs';
import { STATUS_PAGE_DESCRIPTION_MAX, STATUS_PAGE_TITLE_MAX } from '../api/limits.js';
import { displayOptionsFields, statusPageFields } from '../provider/fields/status-page.js';
import { statusPageResource } from '../provider/resources/status-page.js';
import type {
  UptimeStatusPageFieldContent,
  UptimeStatusPageSections,
} from './generated/props/status-page.js';
import { StatusPage } from './generated/status-page/index.js';
import { declaredBindingProps, declaredConfig } from './fields.js';
import { camelPath, providerErrors } from './validation.js';

export { STATUS_PAGE_DESCRIPTION_MAX, STATUS_PAGE_TITLE_MAX };

/** Sections shown on the page: generated from their declarations (src/provider/fields/status-page.ts). */
export type { UptimeStatusPageSections };

// The plain fields come from their declarations (src/provider/fields/status-page.ts), generated into
// `UptimeStatusPageFieldContent`.
/**
 * What the status page shows. The page itself (slug, URL, ownership verification, custom domain) is set up once
 * in the dashboard; until then the service refuses every change (409 `dashboard_setup_required`), so a page can
 * only be managed for a monitor whose page was already set up.
 */
export interface UptimeStatusPageContent extends UptimeStatusPageFieldContent {
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
      ...declaredConfig(statusPageFields, props),
      display_options: o && declaredConfig(displayOptionsFields, o),
    };
    this.node.addValidation({
      validate: () =>
        providerErrors(statusPageResource, config, (p) =>
          p === 'monitor_id' && propPrefix ? 'monitor id' : `${propPrefix}${camelPath(p)}`,
        ),
    });
    this.resource = new StatusPage(this, 'page', {
      monitorId: props.monitorId,
      ...declaredBindingProps(statusPageFields, props),
      ...(o ? { displayOptions: declaredBindingProps(displayOptionsFields, o) } : {}),
      ...(props.provider ? { provider: props.provider } : {}),
    });
    this.url = this.resource.url;
  }
}
