import { z } from 'zod';

/**
 * Error response body (shape not shown in the spec: our decision, docs/api-decisions.md).
 * `{ "error": { "code", "message", "requestId", "details"?: [{ "field", "rule", "message", "allowed"? }] } }`
 */
export const ERROR_CODES = [
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'duplicate_monitor',
  'plan_capacity',
  'idempotency_conflict',
  'export_not_ready',
  'dashboard_setup_required',
  'invalid_state',
  'gone',
  'precondition_failed',
  'precondition_required',
  'rate_limited',
  'internal',
  'unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorDetail = z.object({
  field: z.string(),
  rule: z.string(),
  message: z.string(),
  allowed: z.array(z.union([z.string(), z.number(), z.boolean()])).optional(),
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
    details: z.array(ErrorDetail).optional(),
    existingMonitorId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
