import { createHmac } from 'node:crypto';
import {
  EXPORT_CONCURRENT_MAX,
  EXPORT_DEFAULT_RANGE_HOURS,
  EXPORT_DOWNLOAD_URL_TTL_SECONDS,
  CHECK_RETENTION_DAYS,
  ExportCreate,
  ID_PATTERNS,
} from '../../api/index.js';
import { canSee } from '../auth.js';
import type { Ctx, Handler, ServiceContext } from '../context.js';
import { loadMonitor, parse, single } from '../context.js';
import { ApiError, notFound, validation } from '../errors.js';
import { exportView } from '../render.js';
import { hex } from '../ids.js';
import type { ExportRecord } from '../store.js';

const HOUR = 3_600_000;
/** Clock skew tolerated on `to` (docs/api-decisions.md). */
const FUTURE_SKEW_MS = 5 * 60_000;

/** A ready artifact expires after its TTL (lazily, on read). */
function refresh(svc: ServiceContext, e: ExportRecord): ExportRecord {
  if (e.status === 'ready' && e.expiresAt && Date.parse(e.expiresAt) <= svc.clock.now()) {
    e.status = 'expired';
    e.updatedAt = e.expiresAt;
    svc.engine.exports.artifacts.delete(e.id);
    svc.store.touch('exports', e.id);
    svc.store.persist();
  }
  return e;
}

function loadExport(c: Ctx): ExportRecord {
  const id = c.params.exportId ?? '';
  const e = ID_PATTERNS.exportId.test(id) ? c.svc.store.state.exports[id] : undefined;
  if (!e || e.tenantId !== c.auth.tenant.id || !canSee(c.auth, e.monitorId)) throw notFound('export');
  return refresh(c.svc, e);
}

export const createExport: Handler = (c) => {
  const b = parse(ExportCreate, c.body);
  const m = loadMonitor(c, b.monitorId);
  const now = c.svc.clock.now();
  const to = b.to ? Date.parse(b.to) : now;
  const from = b.from ? Date.parse(b.from) : to - EXPORT_DEFAULT_RANGE_HOURS * HOUR;
  const problems = [];
  if (from >= to) problems.push({ field: 'from', rule: 'range', message: 'from must be before to' });
  if (from < now - CHECK_RETENTION_DAYS * 24 * HOUR) {
    problems.push({
      field: 'from',
      rule: 'retention',
      message: `from must lie within the ${CHECK_RETENTION_DAYS}-day raw-check retention window`,
    });
  }
  if (to > now + FUTURE_SKEW_MS)
    problems.push({ field: 'to', rule: 'range', message: 'to must not be in the future' });
  const f = b.filters ?? { status: 'all' as const };
  if (
    f.minLatencyMs !== undefined &&
    f.minLatencyMs !== null &&
    f.maxLatencyMs !== undefined &&
    f.maxLatencyMs !== null &&
    f.minLatencyMs > f.maxLatencyMs
  ) {
    problems.push({
      field: 'filters.minLatencyMs',
      rule: 'range',
      message: 'filters.minLatencyMs must not exceed filters.maxLatencyMs',
    });
  }
  if (problems.length) throw validation(problems);
  const active = c.svc.store
    .exportsOf(c.auth.tenant.id)
    .filter((e) => e.status === 'queued' || e.status === 'processing').length;
  if (active >= EXPORT_CONCURRENT_MAX) {
    throw new ApiError(
      'rate_limited',
      `at most ${EXPORT_CONCURRENT_MAX} exports may be queued or processing`,
      {
        headers: { 'retry-after': '60' },
        details: [
          {
            field: 'monitorId',
            rule: 'concurrent_exports',
            message: `at most ${EXPORT_CONCURRENT_MAX} exports may be queued or processing per account`,
          },
        ],
      },
    );
  }
  const iso = new Date(now).toISOString();
  const e: ExportRecord = {
    tenantId: c.auth.tenant.id,
    id: `exp_${hex(16)}`,
    monitorId: m.id,
    type: b.type,
    format: b.format,
    status: 'queued',
    range: { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
    filters: {
      status: f.status,
      statusCode: f.statusCode ?? null,
      failureCategory: f.failureCategory ?? null,
      minLatencyMs: f.minLatencyMs ?? null,
      maxLatencyMs: f.maxLatencyMs ?? null,
    },
    createdAt: iso,
    updatedAt: iso,
    completedAt: null,
    expiresAt: null,
    rowCount: null,
    error: null,
  };
  c.svc.store.state.exports[e.id] = e;
  c.svc.store.touch('exports', e.id);
  c.svc.store.persist();
  return single(JSON.stringify(exportView(e)), { location: `${c.svc.origin}/v1/exports/${e.id}` }, 202);
};

export const getExport: Handler = (c) => single(JSON.stringify(exportView(loadExport(c))));

export function signLink(svc: ServiceContext, id: string, expires: number): string {
  return createHmac('sha256', svc.linkSecret).update(`${id}.${expires}`).digest('hex');
}

export const getExportDownload: Handler = (c) => {
  const e = loadExport(c);
  if (e.status === 'expired')
    throw new ApiError('gone', 'the export artifact has expired; create a new export');
  if (e.status !== 'ready') throw new ApiError('export_not_ready', `the export is ${e.status}`);
  const expires = Math.floor(c.svc.clock.now() / 1000) + EXPORT_DOWNLOAD_URL_TTL_SECONDS;
  const url = `${c.svc.origin}/files/exports/${e.id}.csv?expires=${expires}&sig=${signLink(c.svc, e.id, expires)}`;
  return single(JSON.stringify({ url, expiresAt: new Date(expires * 1000).toISOString() }));
};
