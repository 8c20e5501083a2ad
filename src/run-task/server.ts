// `uptimectl run-task serve`: the HTTP endpoint HCP Terraform calls at a run's stage. Each POST is read within
// BODY_LIMIT, its signature checked (when an HMAC key is set) before anything in it is read, then answered at once:
// 200 for the verification request (nothing else happens) and for a run, whose review runs afterwards (run.ts).
// A run whose plan or callback URL is not on the HCP Terraform origin is refused (422) and nothing is sent anywhere.
// node:http: one route and a bounded body are all this needs; its connections are guarded like the local service's
// (src/http-server/connections.ts), with the numbers below.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requireSecret } from '../api/secret-checks.js';
import {
  connectionLimits,
  guardedServer,
  rawAnswer,
  type ConnectionLimits,
  type ParserRefusal,
} from '../http-server/connections.js';
import { HcpClient, type HcpClientOptions } from './hcp-client.js';
import { parseRequest, type RunTaskPayload } from './payload.js';
import { checkReviewOptions, runTask, type ReviewOptions } from './run.js';
import { checkSignature, SIGNATURE_HEADER } from './signature.js';
import { logText } from './log-text.js';

/** A run-task request is about 2 KB; anything past 64 KiB is not one. */
export const BODY_LIMIT = 64 * 1024;
/** Reviews running at once (each may probe 4 monitors at a time); more wait in the queue. */
export const MAX_RUNNING = 4;
/** Runs waiting; past this the request is answered 503 and HCP Terraform sends it again later. */
export const MAX_QUEUED = 100;

/**
 * The connections of the endpoint: HCP Terraform sends one small request per run stage and reads its answer at once,
 * so headers within 10 s and the whole request within 30 s (`requestTimeouts` changes both), idle keep-alive 5 s
 * (Node's default), 256 connections at once (HCP Terraform's runs are queued in MAX_QUEUED long before that), and a
 * lingering close of 2 s reading at most 1 MiB (16 times BODY_LIMIT: a client that writes its whole oversized body
 * before reading still gets its 413).
 */
export const RUN_TASK_LIMITS: Readonly<ConnectionLimits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 256,
  lingerMs: 2_000,
  lingerBytes: 1024 * 1024,
};

export interface RunTaskServerOptions {
  port?: number;
  host?: string;
  /** UPTIME_RUN_TASK_HMAC_KEY: when set, every request must carry its signature. At least 16 characters. */
  hmacKey?: string | undefined;
  hcp?: HcpClientOptions;
  review?: ReviewOptions;
  bodyLimit?: number;
  /** How long a client has for its request's headers and for the whole request (default: RUN_TASK_LIMITS). */
  requestTimeouts?: { headersMs: number; requestMs: number };
  /** One line per event (stderr in the CLI). Never a token or a plan's value. */
  log?: (line: string) => void;
}

export interface RunTaskServer {
  url: string;
  /** Resolves when no run is running or waiting (tests; a clean stop). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function startRunTaskServer(o: RunTaskServerOptions = {}): Promise<RunTaskServer> {
  const hmacKey = o.hmacKey ? requireSecret('UPTIME_RUN_TASK_HMAC_KEY', o.hmacKey) : undefined;
  const limits = connectionLimits(
    RUN_TASK_LIMITS,
    o.requestTimeouts
      ? { headersTimeoutMs: o.requestTimeouts.headersMs, requestTimeoutMs: o.requestTimeouts.requestMs }
      : {},
  );
  const review = checkReviewOptions(o.review ?? {});
  const detailsUrl = o.review?.detailsUrl;
  const log = o.log ?? (() => {});
  const bodyLimit = o.bodyLimit ?? BODY_LIMIT;
  const hcp = new HcpClient({ ...o.hcp, note: (m) => log(`run-task: ${m}`) });

  const active = new Set<string>();
  const queue: RunTaskPayload[] = [];
  let running = 0;
  let waiters: (() => void)[] = [];
  const wake = () => {
    if (running === 0 && queue.length === 0) {
      const w = waiters;
      waiters = [];
      w.forEach((f) => f());
    }
  };
  const pump = () => {
    while (running < MAX_RUNNING && queue.length) {
      const p = queue.shift()!;
      running++;
      void runTask(p, { hcp, review, detailsUrl, log: (m) => log(`run-task: ${m}`) }).finally(() => {
        running--;
        active.delete(p.task_result_id);
        pump();
        wake();
      });
    }
  };

  const answer = (res: ServerResponse, status: number, error?: string) => {
    if (res.headersSent) return;
    const body = error ? JSON.stringify({ error }) : '';
    res.writeHead(status, {
      ...(body ? { 'content-type': 'application/json' } : {}),
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
    });
    res.end(body);
  };
  const refuse = (res: ServerResponse, status: number, reason: string) => {
    log(`run-task: refused a request (${status}): ${reason}`);
    answer(res, status, reason);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const signature = checkSignature(hmacKey, body, req.headers[SIGNATURE_HEADER]);
    if (!signature.ok) return refuse(res, signature.status, signature.reason);
    const parsed = parseRequest(body);
    if (parsed.kind === 'verification') {
      log('run-task: answered HCP Terraform’s verification request');
      return answer(res, 200);
    }
    if (parsed.kind === 'invalid')
      return refuse(res, parsed.reason.includes('not JSON') ? 400 : 422, parsed.reason);
    const p = parsed.payload;
    const foreign =
      hcp.refusal('task_result_callback_url', p.task_result_callback_url) ??
      (p.plan_json_api_url ? hcp.refusal('plan_json_api_url', p.plan_json_api_url) : null);
    if (foreign) return refuse(res, 422, foreign);
    if (active.has(p.task_result_id)) {
      log(
        `run-task: run ${logText(p.run_id)} (task result ${logText(p.task_result_id)}) is already being reviewed`,
      );
      return answer(res, 200);
    }
    if (queue.length >= MAX_QUEUED) {
      res.setHeader('retry-after', '30');
      return refuse(res, 503, `${MAX_QUEUED} runs are waiting already`);
    }
    active.add(p.task_result_id);
    queue.push(p);
    log(
      `run-task: accepted run ${logText(p.run_id)} (task result ${logText(p.task_result_id)}, stage ${p.stage}, ${logText(p.task_result_enforcement_level ?? 'unknown')} enforcement)`,
    );
    answer(res, 200);
    pump();
  };

  /** Reads a POST's body within bodyLimit, then hands it to `handle`. */
  const receive = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/healthz') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
      return;
    }
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      req.resume();
      return refuse(res, 405, `${req.method} is not accepted: HCP Terraform POSTs run-task requests`);
    }
    // The answer ends the connection by a lingering close: the client reads its 413 however much it still sends.
    const tooLarge = () => {
      res.setHeader('connection', 'close');
      refuse(res, 413, `the body is larger than ${bodyLimit} bytes`);
    };
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (declared > bodyLimit) return tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > bodyLimit) {
        over = true;
        return tooLarge();
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) handle(req, res, Buffer.concat(chunks));
    });
    req.on('error', () => {});
  };

  // A request Node's parser refuses (malformed, headers too large, too slow) is answered like any refusal.
  const parserRefusal = (r: ParserRefusal) =>
    rawAnswer(r.status, JSON.stringify({ error: r.message }), 'application/json', {
      'Cache-Control': 'no-store',
    });
  const server = guardedServer(limits, parserRefusal, receive);
  server.maxHeadersCount = 100;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}/`,
    settled: () =>
      running === 0 && queue.length === 0 ? Promise.resolve() : new Promise<void>((r) => waiters.push(r)),
    close: async () => {
      await new Promise<void>((r) => {
        server.close(() => r());
        server.closeIdleConnections();
      });
      await new Promise<void>((r) => (running === 0 && queue.length === 0 ? r() : waiters.push(r)));
      await hcp.close();
    },
  };
}
