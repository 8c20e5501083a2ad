// What the service's HTML pages share: one Eta instance (auto-escaping: every `<%= %>` is HTML-escaped; `<%~ %>`,
// raw output, is used only for markup the templates themselves build), the stylesheet, small SVG charts drawn from
// numbers, content negotiation and the security headers of an HTML answer.
import { Eta, type TemplateFunction } from 'eta';

export const eta = new Eta({ autoEscape: true, autoTrim: false, useWith: false, cache: false });

export function compile(template: string): (data: object) => string {
  const fn: TemplateFunction = eta.compile(template);
  return (data) => eta.render(fn, data);
}

/** True when the client prefers text/html to application/json (a browser); API clients keep JSON. */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  let html = 0;
  let json = 0;
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qp ? Number(qp.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    if (type === 'text/html' || type === 'application/xhtml+xml') html = Math.max(html, q);
    else if (type === 'application/json') json = Math.max(json, q);
  }
  return html > 0 && html > json;
}

/**
 * Headers of every HTML answer: no script unless the page names its nonce, no framing, no referrer, no caching
 * of pages that show account data.
 */
export function htmlHeaders(
  scriptNonce?: string,
  referrer: 'no-referrer' | 'same-origin' = 'no-referrer',
): Record<string, string> {
  const script = scriptNonce ? `'nonce-${scriptNonce}'` : `'none'`;
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; script-src ${script}; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': referrer,
    'cache-control': 'no-store',
    vary: 'Accept',
  };
}

/** A polyline's points for values drawn left to right in a width × height box (null values are skipped). */
export function linePoints(values: readonly (number | null)[], width: number, height: number): string {
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return '';
  const max = Math.max(...present, 1);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const pts: string[] = [];
  values.forEach((v, i) => {
    if (v === null) return;
    const x = values.length > 1 ? i * step : width / 2;
    const y = height - (v / max) * (height - 2) - 1;
    pts.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  });
  return pts.join(' ');
}

export const dateTime = (iso: string | null | undefined): string =>
  iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : '—';

/** How every page starts: doctype, language, charset, viewport, no favicon request (the head stays open). */
export const HEAD_START = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
`;

/** Shared stylesheet: readable on a phone and a desktop, long words wrap, right-to-left text stays in its box. */
export const BASE_CSS = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f4f6f8}
main{max-width:60rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0}
h2{font-size:1.15rem;margin:0 0 .5rem}
h1,h2,h3,p,li,dd,dt,bdi,code{overflow-wrap:anywhere}
th,.nowrap{white-space:nowrap}
section,.card{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:1rem;margin:1rem 0;min-width:0}
table{border-collapse:collapse;width:100%}
th,td{text-align:start;padding:.35rem .5rem;border-bottom:1px solid #e5e8eb;vertical-align:top}
th{font-weight:600;color:#3d444d}
.scroll{overflow-x:auto}
.muted{color:#57606a}
.badge{display:inline-block;padding:.1rem .55rem;border-radius:999px;font-weight:600;font-size:.9rem;white-space:nowrap}
.s-up{background:#1a7f37;color:#fff}.s-down{background:#b42318;color:#fff}
.s-pending,.s-paused,.s-archived,.s-unknown{background:#57606a;color:#fff}
.chart{display:block;width:100%;height:auto}
.bars rect.up{fill:#1a7f37}.bars rect.partial{fill:#bf8700}.bars rect.down{fill:#b42318}.bars rect.none{fill:#d0d7de}
.line{fill:none;stroke:#0969da;stroke-width:2;vector-effect:non-scaling-stroke}
.legend{display:flex;justify-content:space-between;font-size:.85rem}
ul.plain{list-style:none;padding:0;margin:0}
ul.plain li{padding:.4rem 0;border-bottom:1px solid #e5e8eb}
ul.plain li:last-child{border-bottom:0}
@media (max-width:40rem){main{padding:.5rem}section,.card{padding:.75rem}th,td{padding:.3rem}}
`;
