// SSL and domain expiry observations. SSL: the notAfter of the certificate the https target really
// presents (read with a TLS handshake, trust not required: an expired or self-signed certificate is
// exactly what this should report). Domain: the admin-configured source (`PUT /admin/domain-expiry`),
// standing in for a registry lookup. `warnDays` drives `warning`; past the date it is `expired`.
import { isIP } from 'node:net';
import { connect } from 'node:tls';
import type { ExpiryState } from '../../api/index.js';
import type { MonitorRecord, Store } from '../store.js';

const DAY = 86_400_000;
/** How often an enabled expiry observation is refreshed (service clock). */
export const EXPIRY_REFRESH_MS = 6 * 3_600_000;

export type ExpiryLookup = { expiresAt: number } | { error: string };

export function readCertificateExpiry(url: string, timeoutMs = 5_000): Promise<ExpiryLookup> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return Promise.resolve({ error: 'the URL cannot be parsed' });
  }
  if (u.protocol !== 'https:') return Promise.resolve({ error: 'not an https URL' });
  const host = u.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: ExpiryLookup) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(r);
    };
    const socket = connect({
      host,
      port: Number(u.port || 443),
      ...(isIP(host) ? {} : { servername: host }),
      rejectUnauthorized: false,
      timeout: timeoutMs,
    });
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      const t = cert?.valid_to ? Date.parse(cert.valid_to) : NaN;
      finish(Number.isFinite(t) ? { expiresAt: t } : { error: 'no certificate presented' });
    });
    socket.once('timeout', () => finish({ error: `no TLS handshake within ${timeoutMs} ms` }));
    socket.once('error', (e: NodeJS.ErrnoException) =>
      finish({ error: `TLS connection failed (${e.code ?? 'error'})` }),
    );
  });
}

/** The source's entry for the host or its closest parent domain (`api.example.com` → `example.com`). */
export function lookupDomainExpiry(store: Store, url: string): ExpiryLookup {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return { error: 'the URL cannot be parsed' };
  }
  const labels = host.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    const d = labels.slice(i).join('.');
    if (!(d in store.state.domainExpiry)) continue;
    const v = store.state.domainExpiry[d];
    return v ? { expiresAt: Date.parse(v) } : { error: `the registry lookup for ${d} failed` };
  }
  return { error: `no registration data for ${host}` };
}

/** The observation for a lookup at `now`. */
export function evaluate(e: ExpiryState, r: ExpiryLookup, now: number): ExpiryState {
  const lastCheckedAt = new Date(now).toISOString();
  if ('error' in r) return { ...e, status: 'error', lastCheckedAt, expiresAt: null, daysRemaining: null };
  const daysRemaining = Math.floor((r.expiresAt - now) / DAY);
  const status = r.expiresAt <= now ? 'expired' : daysRemaining <= e.warnDays ? 'warning' : 'ok';
  return {
    ...e,
    status,
    lastCheckedAt,
    expiresAt: new Date(r.expiresAt).toISOString(),
    daysRemaining: Math.max(0, daysRemaining),
  };
}

/** Whether an enabled observation is due (never read, or older than the refresh period). */
export function expiryDue(e: ExpiryState, now: number): boolean {
  return e.enabled && (e.lastCheckedAt === null || now - Date.parse(e.lastCheckedAt) >= EXPIRY_REFRESH_MS);
}

export type ExpiryChange = { which: 'ssl' | 'domain'; from: ExpiryState['status']; state: ExpiryState };

/** Stores an observation; returns the change when the status moved. */
export function applyExpiry(
  store: Store,
  m: MonitorRecord,
  which: 'ssl' | 'domain',
  next: ExpiryState,
): ExpiryChange | null {
  const from = m[which].status;
  store.observe(m, (m) => {
    const { enabled: _e, warnDays: _w, ...obs } = next;
    Object.assign(m[which], obs);
  });
  return from === next.status ? null : { which, from, state: { ...m[which] } };
}
