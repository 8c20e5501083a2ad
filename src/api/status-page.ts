import { z } from 'zod';
import { lazySchema } from './lazy.js';
import { NullableDateTime, PageQuery, QueryBoolean } from './common.js';
import { STATUS_PAGE_DESCRIPTION_MAX, STATUS_PAGE_TITLE_MAX } from './limits.js';

export const VERIFICATION_STATUSES = ['unverified', 'pending', 'verified', 'failed'] as const;

/** customDomain.status values are not shown in the spec: our decision (docs/api-decisions.md). */
export const CUSTOM_DOMAIN_STATUSES = [
  'none',
  'pending_dns',
  'pending_certificate',
  'active',
  'failed',
] as const;

export const DisplayOptions = lazySchema(() =>
  z
    .object({
      uptimeTimeline: z.boolean(),
      responseTime: z.boolean(),
      incidents: z.boolean(),
      recentHistory: z.boolean(),
    })
    .strict(),
);
export type DisplayOptions = z.infer<typeof DisplayOptions>;

export const StatusPage = lazySchema(() =>
  z.object({
    monitorId: z.string(),
    enabled: z.boolean(),
    slug: z.string().nullable().optional(),
    url: z.string().nullable().optional(),
    title: z.string().nullable().optional(),
    description: z.string().nullable().optional(),
    noindex: z.boolean().optional(),
    displayOptions: z
      .object({
        uptimeTimeline: z.boolean(),
        responseTime: z.boolean(),
        incidents: z.boolean(),
        recentHistory: z.boolean(),
      })
      .optional(),
    verificationStatus: z.enum(VERIFICATION_STATUSES),
    customDomain: z.object({ configured: z.boolean(), enabled: z.boolean(), status: z.string() }).optional(),
    version: z.string().nullable().optional(),
    updatedAt: NullableDateTime.optional(),
  }),
);
export type StatusPage = z.infer<typeof StatusPage>;

export const StatusPageUpdate = lazySchema(() =>
  z
    .object({
      enabled: z.boolean(),
      title: z.string().max(STATUS_PAGE_TITLE_MAX),
      description: z.string().max(STATUS_PAGE_DESCRIPTION_MAX).nullable(),
      noindex: z.boolean(),
      displayOptions: DisplayOptions.partial().strict(),
    })
    .partial()
    .strict()
    .refine((v) => Object.keys(v).length > 0, {
      message: 'at least one of enabled, title, description, noindex, displayOptions is required',
      params: { rule: 'at_least_one' },
    }),
);
export type StatusPageUpdate = z.input<typeof StatusPageUpdate>;

export const StatusPageListQuery = lazySchema(() =>
  PageQuery.extend({ enabled: QueryBoolean.optional() }).strict(),
);
export type StatusPageListQuery = z.input<typeof StatusPageListQuery>;
