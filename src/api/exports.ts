import { z } from 'zod';
import { lazySchema } from './lazy.js';
import { DateTime, DateTimeInput, NullableDateTime, idString } from './common.js';
import { CHECK_STATUSES, EXPORT_FAILURE_CATEGORY_MAX, EXPORT_LATENCY_MS, STATUS_CODE } from './limits.js';

export const EXPORT_STATES = ['queued', 'processing', 'ready', 'failed', 'expired'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

const latency = lazySchema(() => z.number().int().min(EXPORT_LATENCY_MS.min).max(EXPORT_LATENCY_MS.max));

export const ExportFilters = lazySchema(() =>
  z
    .object({
      status: z.enum(['all', ...CHECK_STATUSES]).default('all'),
      statusCode: z.number().int().min(STATUS_CODE.min).max(STATUS_CODE.max).nullable().optional(),
      failureCategory: z.string().max(EXPORT_FAILURE_CATEGORY_MAX).nullable().optional(),
      minLatencyMs: latency.nullable().optional(),
      maxLatencyMs: latency.nullable().optional(),
    })
    .strict(),
);
export type ExportFilters = z.output<typeof ExportFilters>;

export const ExportCreate = lazySchema(() =>
  z
    .object({
      monitorId: z.string().min(1),
      type: z.enum(['checks']).default('checks'),
      format: z.enum(['csv']).default('csv'),
      from: DateTimeInput.optional(),
      to: DateTimeInput.optional(),
      filters: ExportFilters.optional(),
    })
    .strict(),
);
export type ExportCreate = z.input<typeof ExportCreate>;

export const ExportId = lazySchema(() => idString('exportId'));

export const ExportJob = lazySchema(() =>
  z.object({
    id: z.string(),
    monitorId: z.string(),
    type: z.string(),
    format: z.string(),
    status: z.enum(EXPORT_STATES),
    range: z.object({ from: DateTime, to: DateTime }),
    filters: z.object({
      status: z.enum(['all', ...CHECK_STATUSES]),
      statusCode: z.number().int().nullable().optional(),
      failureCategory: z.string().nullable().optional(),
      minLatencyMs: z.number().int().nullable().optional(),
      maxLatencyMs: z.number().int().nullable().optional(),
    }),
    createdAt: DateTime,
    updatedAt: NullableDateTime.optional(),
    completedAt: NullableDateTime.optional(),
    expiresAt: NullableDateTime.optional(),
    rowCount: z.number().int().nullable().optional(),
    error: z.string().nullable().optional(),
  }),
);
export type ExportJob = z.infer<typeof ExportJob>;

/** Download body (not shown in the spec: our decision). */
export const ExportDownload = lazySchema(() => z.object({ url: z.string(), expiresAt: DateTime }));
export type ExportDownload = z.infer<typeof ExportDownload>;
