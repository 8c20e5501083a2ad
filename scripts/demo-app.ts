// The example app `npm run demo` starts on 127.0.0.1, so the quickstart's monitors check a real site without the
// internet: its checks are real HTTP requests, some answered and timed, one failing with a plain reason.
//   GET  /            the homepage (200, after 40–120 ms of simulated work, as a page rendered on request)
//   HEAD /docs/       the docs, down for a rebuild (503 Service Unavailable: the demo's red monitor)
//   GET  /api/health  the API (200 with an X-Api-Key header, else 401; after 15–45 ms)
//   GET  /healthz     the status site's health check (200, after 20–60 ms)
// The delays only make the response-time charts look like a real app's; nothing else is simulated.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ExampleApp {
  /** Base URL, without a trailing slash: `http://127.0.0.1:<port>`. */
  url: string;
  close(): Promise<void>;
}

/** The quickstart's URLs on the example app (`QUICKSTART_SITE` = `url`) and the seeded status site's check. */
export const EXAMPLE_PATHS = { home: '/', docs: '/docs/', api: '/api/health', status: '/healthz' } as const;

const after = (min: number, max: number) =>
  new Promise((resolve) => setTimeout(resolve, min + Math.random() * (max - min)));

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain', 'GET or HEAD only\n');
  switch (path) {
    case EXAMPLE_PATHS.home:
      await after(40, 120);
      return send(
        200,
        'text/html; charset=utf-8',
        '<!doctype html><title>Example Inc.</title><h1>Example Inc.</h1>\n',
      );
    case EXAMPLE_PATHS.docs:
      return send(503, 'text/plain', 'The docs are being rebuilt.\n', { 'retry-after': '3600' });
    case EXAMPLE_PATHS.api:
      if (!req.headers['x-api-key']) return send(401, 'application/json', '{"error":"X-Api-Key required"}\n');
      await after(15, 45);
      return send(200, 'application/json', '{"status":"ok"}\n');
    case EXAMPLE_PATHS.status:
      await after(20, 60);
      return send(200, 'text/plain', 'ok\n');
    default:
      return send(404, 'text/plain', 'not found\n');
  }
}

export async function startExampleApp(): Promise<ExampleApp> {
  const server = createServer((req, res) => {
    answer(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
