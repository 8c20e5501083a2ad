// The base URL rule: https, or plain http to a loopback host only (the local service); never credentials.
import { isIPv4 } from 'node:net';

const LOOPBACK = new Set(['localhost', '[::1]', '::1']);

/** localhost, ::1 or an IPv4 literal in 127.0.0.0/8 (not a DNS name that merely starts with "127."). */
export function isLoopback(hostname: string): boolean {
  if (LOOPBACK.has(hostname.toLowerCase())) return true;
  return isIPv4(hostname) && hostname.startsWith('127.');
}

export function checkBaseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TypeError(`base URL "${raw}" is not an absolute URL`);
  }
  const loopback = isLoopback(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new TypeError(
      `base URL must use https (plain http is allowed only for loopback hosts), got ${url.origin}`,
    );
  if (url.username || url.password) throw new TypeError('base URL must not contain credentials');
  return url;
}
