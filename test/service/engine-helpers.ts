// Local HTTP servers for the engine suites: a check target whose answers a test controls, and a
// webhook receiver that records raw bodies and headers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Harness, testSeed } from './helpers.js';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Responder = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export class LocalServer {
  readonly seen: Seen[] = [];
  /** Answers in order, then `fallback`. */
  readonly queue: Responder[] = [];
  fallback: Responder = (_req, res) => res.end('ok');
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<LocalServer> {
    const ref: { self?: LocalServer } = {};
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        ref.self!.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        (ref.self!.queue.shift() ?? ref.self!.fallback)(req, res, body);
      });
    });
    server.keepAliveTimeout = 500;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    ref.self = new LocalServer(server, `http://127.0.0.1:${port}`);
    return ref.self;
  }

  /** Every answer is this status from now on. */
  answer(status: number, headers: Record<string, string> = {}, body = 'x'): void {
    this.fallback = (_req, res) => {
      res.writeHead(status, headers);
      res.end(body);
    };
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

/** A service with the engine on and the clock frozen, on the two-tenant seed. */
export async function engineHarness(options: { localMode?: boolean } = {}): Promise<Harness> {
  const h = await Harness.start(testSeed(), { engine: true, ...options });
  const r = await h.admin('POST', '/clock', { frozen: true, set: '2030-03-01T00:00:00.000Z' });
  if (r.status !== 200) throw new Error(r.text);
  return h;
}

export async function tick(h: Harness): Promise<void> {
  const r = await h.admin('POST', '/engine/tick');
  if (r.status !== 200) throw new Error(r.text);
}

export async function monitor(h: Harness, id: string, as = 'full'): Promise<any> {
  const r = await h.call('GET', `/monitors/${id}`, { as });
  if (r.status !== 200) throw new Error(r.text);
  return { ...r.json.data, etag: r.headers.etag };
}
