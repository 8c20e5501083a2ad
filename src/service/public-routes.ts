// The service's public pages outside the v1 API: published status pages (what visitors see) and the short-lived
// signed download links of exports.
import { sameSecret } from '../api/index.js';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from './context.js';
import { ApiError, errorBody } from './errors.js';
import { send } from './reply.js';
import { signLink } from './routes/exports.js';
import { htmlHeaders, prefersHtml } from './web/html.js';
import { statusPageHtml } from './web/status-page-html.js';

export function registerPublic(app: FastifyInstance, svc: ServiceContext): void {
  const { store, clock } = svc;

  // Public status pages (what visitors see; refreshed on PATCH): HTML for a browser, the JSON record for API
  // clients (content negotiation on Accept).
  app.get('/public/status-pages/:slug', (req, reply) => {
    const m = store.pageBySlug((req.params as { slug: string }).slug);
    if (!m || !m.page.setUp || !m.page.enabled || !m.page.snapshot) {
      return send(reply, 404, errorBody(new ApiError('not_found', 'status page not found'), req.id));
    }
    const robots = m.page.noindex ? { 'x-robots-tag': 'noindex' } : undefined;
    if (prefersHtml(req.headers.accept)) {
      reply.code(200).headers({ ...htmlHeaders(), ...robots });
      return reply.send(statusPageHtml(m, store, svc.pageStats));
    }
    return send(reply, 200, JSON.stringify({ data: m.page.snapshot }), { vary: 'Accept', ...robots });
  });

  // Short-lived signed export download links (GET /exports/{id}/download hands them out).
  app.get('/files/exports/:file', async (req, reply) => {
    const id = (req.params as { file: string }).file.replace(/\.csv$/, '');
    const q = req.query as { expires?: string; sig?: string };
    const expires = Number(q.expires);
    const e = store.state.exports[id];
    // Every refusal is 404 (part 1 pinned it): the link is a capability, its failures say nothing more.
    const refused = (message: string) =>
      send(reply, 404, errorBody(new ApiError('not_found', message), req.id));
    if (!e || typeof q.sig !== 'string' || !Number.isInteger(expires))
      return refused('download link not found');
    if (!sameSecret(q.sig, signLink(svc, id, expires)))
      return refused('download link not found: the signature does not match');
    if (expires * 1000 <= clock.now()) return refused('download link expired; request a new one');
    if (e.status !== 'ready' || (e.expiresAt && Date.parse(e.expiresAt) <= clock.now()))
      return refused('the export artifact is not available');
    let csv = svc.engine.exports.artifacts.get(id);
    if (csv === undefined) {
      // After a restart the artifact is rebuilt from the retained checks.
      const r = await svc.engine.exports.render(e);
      csv = 'csv' in r ? r.csv : '';
      svc.engine.exports.artifacts.set(id, csv);
    }
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${id}.csv"`);
    reply.header('cache-control', 'private, no-store');
    return reply.send(csv);
  });
}
