// The contract's one-monitor-per-URL-and-method rule (409 `duplicate_monitor`): the key two live monitors may not
// share. The service files its index by it; `uptimectl plan-report --check` predicts the 409 with it.

/** The URL as the WHATWG parser serializes it (case of scheme and host, default port, path); else as given. */
export function normalizeUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/** What two live monitors may not share: request method and normalized URL. */
export const duplicateKey = (url: string, method: string): string => `${method} ${normalizeUrl(url)}`;
