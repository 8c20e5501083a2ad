// Reading a response body against the v1 model: a mismatch is an UnexpectedResponseError naming the first fields;
// the records whose fields the spec does not show are read leniently (src/api/lenient.ts).
import type { z } from 'zod';
import {
  CheckResult,
  endpoint,
  ExportDownload,
  ExportJob,
  leniently,
  MonitorSummary,
  type OperationName,
} from '../api/index.js';
import { once } from '../api/lazy.js';
import { UnexpectedResponseError } from './errors.js';
import type { RawResult } from './transport.js';

/** Readers of the records whose fields the spec does not show, built on first use. */
export const read = {
  summary: once(() => leniently(MonitorSummary)),
  check: once(() => leniently(CheckResult)),
  // "ExportJob: required fields are id, monitorId, type, format, status, range, filters, createdAt; id and monitorId
  // are strings; the other types … are not shown."
  exportJob: once(() => leniently(ExportJob, ['id', 'monitorId'])),
  download: once(() => leniently(ExportDownload)),
};

export function parse<T extends z.ZodType>(
  op: OperationName,
  schema: T,
  body: unknown,
  raw?: RawResult,
): z.infer<T> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const ep = endpoint(op);
  const where = r.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
    .join('; ');
  throw new UnexpectedResponseError({
    method: ep.method,
    pathTemplate: ep.path,
    path: ep.path,
    status: raw?.status ?? 0,
    requestId: raw?.requestId ?? null,
    body: null,
    retryable: false,
    message: `${ep.method} ${ep.path}: the response does not match the v1 contract (${where})`,
  });
}
