// Every field of a monitor's status page, declared once (see field.ts): the page's own plain fields, the tables of
// its blocks `display_options` and `custom_domain`, and `statusPageTable`, the resource's whole table (with
// `monitor_id`, the identity, which the data source takes as its argument). Keyed by API name and checked against
// the model; limits, value sets and defaults come from src/api.
import {
  CUSTOM_DOMAIN_STATUSES,
  DECIDED,
  STATUS_PAGE_DESCRIPTION_MAX,
  STATUS_PAGE_TITLE_MAX,
  VERIFICATION_STATUSES,
  type DisplayOptions,
  type StatusPage,
  type StatusPageUpdate,
} from '../../api/index.js';
import { monitorPartFields } from './alert-settings.js';
import { codes } from './field.js';
import { fieldTable } from './schema.js';

const DEFAULTS = DECIDED.statusPageDefaults;

export const statusPageFields = fieldTable<StatusPage>()({
  enabled: {
    kind: 'bool',
    label: 'enabled',
    presence: 'optional-computed',
    // The resource's default, not the service's (a new page is unpublished): declaring the resource publishes.
    default: true,
    construct: 'own',
    example: 'true',
    description: 'Whether the page is published.',
    omitted: 'true (declaring the resource publishes the page)',
  },
  title: {
    kind: 'string',
    label: 'title',
    presence: 'optional-computed',
    stable: true,
    construct: 'own',
    example: '"API status"',
    description: `Title, at most ${STATUS_PAGE_TITLE_MAX} characters.`,
    omitted: 'not managed (the current title is kept and shown; the API cannot clear a title)',
    dataSourceNote: 'Null when none is set.',
  },
  description: {
    kind: 'string',
    label: 'description',
    presence: 'optional',
    construct: 'own',
    example: '"Live availability of api.example.com"',
    description: `Description, at most ${STATUS_PAGE_DESCRIPTION_MAX} characters.`,
    omitted: 'no description (cleared)',
    dataSourceNote: 'Null when none is set.',
  },
  noindex: {
    kind: 'bool',
    label: 'no-index',
    presence: 'optional-computed',
    default: DEFAULTS.noindex,
    construct: 'own',
    example: 'true',
    description: 'Ask search engines not to index the page.',
  },
  slug: {
    kind: 'string',
    label: 'slug',
    presence: 'computed',
    stable: true,
    description: 'Slug; null until the page is set up in the dashboard.',
  },
  url: {
    kind: 'string',
    label: 'URL',
    presence: 'computed',
    stable: true,
    description: 'Public URL of the page; null until the page is set up in the dashboard.',
  },
  verificationStatus: {
    kind: 'enum',
    label: 'verification',
    presence: 'computed',
    stable: true,
    values: VERIFICATION_STATUSES,
    description: `Ownership verification: ${codes(VERIFICATION_STATUSES)} (dashboard-managed).`,
  },
  version: {
    kind: 'string',
    label: 'version',
    presence: 'computed',
    description: 'Version token of the page.',
    resourceNote: 'Sent as If-Match on every change.',
  },
  updatedAt: {
    kind: 'string',
    label: 'updated',
    presence: 'computed',
    description: 'Time of the last change (RFC 3339).',
  },
});

/** `display_options`: the sections shown on the page. */
export const displayOptionsFields = fieldTable<DisplayOptions>()({
  uptimeTimeline: {
    kind: 'bool',
    label: 'uptime timeline',
    presence: 'optional-computed',
    default: DEFAULTS.displayOptions.uptimeTimeline,
    construct: 'own',
    example: 'true',
    description: 'The uptime timeline.',
  },
  responseTime: {
    kind: 'bool',
    label: 'response-time chart',
    presence: 'optional-computed',
    default: DEFAULTS.displayOptions.responseTime,
    construct: 'own',
    example: 'false',
    description: 'The response-time chart.',
  },
  incidents: {
    kind: 'bool',
    label: 'incident list',
    presence: 'optional-computed',
    default: DEFAULTS.displayOptions.incidents,
    construct: 'own',
    example: 'true',
    description: 'The incident list.',
  },
  recentHistory: {
    kind: 'bool',
    label: 'recent history',
    presence: 'optional-computed',
    default: DEFAULTS.displayOptions.recentHistory,
    construct: 'own',
    example: 'true',
    description: 'The recent check history.',
  },
});

/** `custom_domain`: read-only, managed in the dashboard. */
export const customDomainFields = fieldTable<NonNullable<StatusPage['customDomain']>>()({
  configured: {
    kind: 'bool',
    label: 'custom domain configured',
    presence: 'computed',
    description: 'Whether a custom domain is configured.',
  },
  enabled: {
    kind: 'bool',
    label: 'custom domain enabled',
    presence: 'computed',
    description: 'Whether the custom domain serves the page.',
  },
  status: {
    kind: 'enum',
    label: 'custom domain status',
    presence: 'computed',
    values: CUSTOM_DOMAIN_STATUSES,
    description: `${codes(CUSTOM_DOMAIN_STATUSES)}.`,
  },
});

/** uptime_status_page. */
export const statusPageTable = fieldTable<StatusPage, StatusPageUpdate>()({
  ...monitorPartFields,
  ...statusPageFields,
  displayOptions: {
    kind: 'block',
    nesting: 'single',
    fields: displayOptionsFields,
    label: 'sections shown',
    presence: 'optional-computed',
    description: 'Sections shown on the page.',
    omitted: 'all shown',
  },
  customDomain: {
    kind: 'block',
    nesting: 'single',
    fields: customDomainFields,
    label: 'custom domain',
    presence: 'computed',
    stable: true,
    description: 'Custom-domain state (dashboard-managed).',
  },
});
