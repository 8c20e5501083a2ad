// The local service's dashboard at /_dashboard: a read-only page over everything the service holds, for a
// developer watching `terraform apply`. It needs the admin key, which a browser presents once through a sign-in
// form (POST body, never a URL); the answer sets an HttpOnly, SameSite=Strict cookie holding an HMAC of the key
// with a per-process secret, so neither the key nor anything it could be recovered from is stored by the browser,
// and a restart signs everyone out. The page polls /_dashboard/live once a second and swaps in the new HTML.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sameSecret } from '../../api/secret-checks.js';
import type { ServiceContext } from '../context.js';
import { dashboardLiveHtml } from './dashboard-view.js';
import { BASE_CSS, HEAD_START, compile, htmlHeaders } from './html.js';

export const DASHBOARD_PATH = '/_dashboard';
const COOKIE = 'uptime_dashboard';
const POLL_MS = 1000;

const PAGE = `${HEAD_START}<meta name="robots" content="noindex">
<title>Local service dashboard</title>
<style><%~ it.css %>
main{max-width:80rem}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr));gap:0 1rem}
.spark{display:block}
table.wide{min-width:44rem}
@media (max-width:40rem){table.wide{min-width:34rem;font-size:.85rem}}
#updated{margin-inline-end:.75rem}
form.inline{display:inline}
header{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:baseline;gap:.5rem}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}
input[type=password]{width:100%;max-width:30rem;font:inherit;padding:.4rem;border:1px solid #57606a;border-radius:6px}
button{font:inherit;padding:.35rem .9rem;border-radius:6px;border:1px solid #1b1f24;background:#fff;cursor:pointer}
.error{color:#b42318;font-weight:600}
</style>
</head>
<body>
<main>
<% if (it.signedIn) { %>
<header><h1>Local service dashboard</h1>
<p class="muted"><span id="updated" aria-live="polite">Updated <%= it.updatedAt %></span>
<form class="inline" method="post" action="${DASHBOARD_PATH}/logout"><button type="submit">Sign out</button></form></p></header>
<p class="muted">Read-only view of <code><%= it.origin %></code>. Updates every second.</p>
<div id="live"><%~ it.live %></div>
<script nonce="<%= it.nonce %>">
(function () {
  var box = document.getElementById('live');
  var updated = document.getElementById('updated');
  var busy = false;
  var tag = '';
  function poll() {
    if (busy) return;
    busy = true;
    fetch('${DASHBOARD_PATH}/live', { credentials: 'same-origin', cache: 'no-store', headers: tag ? { 'if-none-match': tag } : {} })
      .then(function (r) {
        if (r.status === 401) { location.reload(); return null; }
        if (r.status === 304 || !r.ok) return null;
        tag = r.headers.get('etag') || '';
        return r.text();
      })
      .then(function (html) {
        updated.textContent = 'Updated ' + new Date().toISOString().slice(11, 19) + ' UTC';
        if (html !== null) box.innerHTML = html;
      })
      .catch(function () { updated.textContent = 'Service not reachable'; })
      .then(function () { busy = false; });
  }
  setInterval(poll, ${POLL_MS});
})();
</script>
<% } else { %>
<h1>Local service dashboard</h1>
<section aria-labelledby="h-sign">
<h2 id="h-sign">Sign in</h2>
<p>Enter the service's admin key (printed by <code>uptimectl service</code>, <code>adminKey</code> in its <code>--json</code> line).</p>
<% if (it.error) { %><p class="error" role="alert"><%= it.error %></p><% } %>
<form method="post" action="${DASHBOARD_PATH}/login">
<label for="key">Admin key</label>
<input id="key" name="key" type="password" autocomplete="current-password" required>
<p><button type="submit">Sign in</button></p>
</form>
</section>
<% } %>
</main>
</body>
</html>
`;

const renderPage = compile(PAGE);

export function registerDashboard(app: FastifyInstance, svc: ServiceContext): void {
  // Per process: a restart ends every session.
  const sessionSecret = randomBytes(32);
  const session = () => createHmac('sha256', sessionSecret).update(svc.adminKey).digest('base64url');
  const signedIn = (req: FastifyRequest) => {
    const value = cookie(req.headers.cookie, COOKIE);
    return !!value && sameSecret(value, session());
  };
  const page = (reply: FastifyReply, status: number, data: { signedIn: boolean; error?: string }) => {
    const nonce = randomBytes(16).toString('base64');
    // same-origin: the sign-in form's POST then carries an Origin the service can compare (no-referrer sends `null`).
    reply.code(status).headers(htmlHeaders(nonce, 'same-origin'));
    return reply.send(
      renderPage({
        css: BASE_CSS,
        nonce,
        origin: svc.origin,
        updatedAt: new Date().toISOString().slice(11, 19) + ' UTC',
        live: data.signedIn ? dashboardLiveHtml(svc) : '',
        signedIn: data.signedIn,
        error: data.error ?? null,
      }),
    );
  };

  app.register(
    async (d) => {
      d.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 8192 },
        (_req, body, done) => done(null, new URLSearchParams(String(body))),
      );

      d.get('/', (req, reply) => page(reply, 200, { signedIn: signedIn(req) }));

      d.get('/live', (req, reply) => {
        if (!signedIn(req)) {
          reply.code(401).headers(htmlHeaders());
          return reply.send('');
        }
        // The page sends the tag of what it shows: an unchanged dashboard is a 304, not 600 KB and a DOM swap.
        const html = dashboardLiveHtml(svc);
        const tag = `"${createHash('sha256').update(html).digest('base64url')}"`;
        reply.headers({ ...htmlHeaders(), etag: tag });
        if (req.headers['if-none-match'] === tag) return reply.code(304).send();
        return reply.code(200).send(html);
      });

      d.post('/login', (req, reply) => {
        // A form from another site cannot sign a browser in (login CSRF).
        if (!sameOrigin(req))
          return page(reply, 403, { signedIn: false, error: 'Sign-in from another site refused.' });
        const key = req.body instanceof URLSearchParams ? (req.body.get('key') ?? '') : '';
        if (!sameSecret(key, svc.adminKey))
          return page(reply, 401, { signedIn: false, error: 'That is not the admin key of this service.' });
        reply.header(
          'set-cookie',
          `${COOKIE}=${session()}; Path=${DASHBOARD_PATH}; HttpOnly; SameSite=Strict`,
        );
        return reply
          .code(303)
          .header('location', `${DASHBOARD_PATH}/`)
          .header('cache-control', 'no-store')
          .send();
      });

      d.post('/logout', (_req, reply) => {
        reply.header(
          'set-cookie',
          `${COOKIE}=; Path=${DASHBOARD_PATH}; HttpOnly; SameSite=Strict; Max-Age=0`,
        );
        return reply.code(303).header('location', `${DASHBOARD_PATH}/`).send();
      });
    },
    { prefix: DASHBOARD_PATH },
  );
}

/** The value of one cookie of a Cookie header. */
export function cookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

function sameOrigin(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const origin = req.headers.origin;
  if (origin === undefined) return true; // not a browser's cross-site form post (browsers send Origin on POST)
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}
