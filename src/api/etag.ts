// The shape of the ETag and If-Match headers: a version token is sent quoted (`"v12"`, weak `W/"v12"` accepted) and
// handled unquoted; the client and the local service both read and write the headers through these functions.

/** `W/"abc"` or `"abc"` → `abc`; null for an absent or empty header. */
export function unquoteEtag(v: string | null | undefined): string | null {
  if (!v) return null;
  return v.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
}

/** `abc` → `"abc"`; an entity tag that is already quoted (weak or strong) is sent as it is. */
export function quoteEtag(version: string): string {
  return /^(W\/)?".*"$/.test(version) ? version : `"${version}"`;
}

/** An If-Match header (one or several comma-separated entity tags, or repeated) → the unquoted tokens; null when
 *  the header is absent or blank. */
export function parseIfMatch(header: string | string[] | undefined): string[] | null {
  const raw = Array.isArray(header) ? header.join(',') : header;
  if (raw === undefined || raw.trim() === '') return null;
  return raw
    .split(',')
    .map((t) => unquoteEtag(t.trim()) ?? '')
    .filter((t) => t.length > 0);
}
