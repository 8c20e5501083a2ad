// What a write's answer is worth. The spec does not show the bodies of PATCH (monitor, alert settings, status page),
// pause, activate, archive and reactivate, and a service may answer them with the record, a part of it, `{}`, an
// id, or nothing (204). A write's answer is used only when it carries the whole record — every field of the model
// present (null where nullable) — otherwise the record is read with one GET, so callers always get what the service
// holds. A create's record is read by the id in its body or its Location header.
import type { z } from 'zod';
import { fieldsOf, type OperationName } from '../api/index.js';

/** The read that completes each write. */
export const READ_AFTER_WRITE: Partial<Record<OperationName, OperationName>> = {
  createMonitor: 'getMonitor',
  updateMonitor: 'getMonitor',
  pauseMonitor: 'getMonitor',
  activateMonitor: 'getMonitor',
  archiveMonitor: 'getMonitor',
  reactivateMonitor: 'getMonitor',
  updateAlertSettings: 'getAlertSettings',
  updateStatusPage: 'getMonitorStatusPage',
};

/** `{data: record}`; a bare record is tolerated. */
export function unwrap(body: unknown): unknown {
  if (body && typeof body === 'object' && 'data' in body) return (body as { data: unknown }).data;
  return body;
}

/** The record when `payload` is a whole one: it parses with `schema` and has every field `schema` declares (its
 *  `version` may be missing when the answer has an ETag header, which carries the same token). */
export function wholeRecord<T extends z.ZodType>(
  schema: T,
  payload: unknown,
  hasEtag: boolean,
): z.infer<T> | undefined {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
  if (fieldsOf(schema).some((k) => !(k in payload) && !(k === 'version' && hasEtag))) return undefined;
  const r = schema.safeParse(payload);
  return r.success ? r.data : undefined;
}

/** A record whose model has a version token carries the ETag header's when there is one: where both exist, the
 *  header wins over the body's field. */
export function withEtag<T>(schema: z.ZodType, data: T, etag: string | null): T {
  if (etag === null || !fieldsOf(schema).includes('version') || !data || typeof data !== 'object')
    return data;
  return { ...data, version: etag };
}

/** The id of a created record: `data.id` (or a bare record's `id`), else the last segment of `Location`. */
export function createdId(body: unknown, location: string | null): string | undefined {
  const id = (unwrap(body) as { id?: unknown } | null)?.id;
  if (typeof id === 'string' && id) return id;
  if (!location) return undefined;
  const path = location.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last ? decodeURIComponent(last) : undefined;
}
