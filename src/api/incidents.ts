import { z } from 'zod';
import { lazySchema } from './lazy.js';
import { DateTime, NullableDateTime, PageQuery } from './common.js';
import { INCIDENT_ACTIVITY_MAX } from './limits.js';

export const INCIDENT_STATUSES = ['open', 'resolved'] as const;
export const INCIDENT_TYPES = ['availability', 'performance'] as const;

export const Incident = lazySchema(() =>
  z.object({
    id: z.string(),
    monitorId: z.string(),
    monitorName: z.string().nullable().optional(),
    startedAt: DateTime,
    resolvedAt: NullableDateTime.optional(),
    status: z.enum(INCIDENT_STATUSES),
    type: z.enum(INCIDENT_TYPES),
    thresholdMs: z.number().int().nullable().optional(),
    durationMinutes: z.number().int().nullable().optional(),
    httpStatus: z.number().int().nullable().optional(),
    responseTimeMs: z.number().int().nullable().optional(),
    failureCategory: z.string().nullable().optional(),
    failureReason: z.string().nullable().optional(),
  }),
);
export type Incident = z.infer<typeof Incident>;

/** Activity entry content is not shown in the spec: our decision (docs/api-decisions.md). */
export const IncidentActivity = lazySchema(() =>
  z.object({ at: DateTime, kind: z.string(), message: z.string() }),
);

export const IncidentDetail = lazySchema(() =>
  Incident.extend({
    diagnostics: z.record(z.string(), z.unknown()).nullable().optional(),
    diagnosticsUpdatedAt: NullableDateTime.optional(),
    activity: z.array(IncidentActivity).max(INCIDENT_ACTIVITY_MAX).optional(),
  }),
);
export type IncidentDetail = z.infer<typeof IncidentDetail>;

export const IncidentListQuery = lazySchema(() =>
  PageQuery.extend({
    status: z.enum(INCIDENT_STATUSES).optional(),
    type: z.enum(INCIDENT_TYPES).optional(),
  }).strict(),
);
export type IncidentListQuery = z.input<typeof IncidentListQuery>;
