// Answers of a hostile HTTP server, for the checks of the outbound HTTP policy's clients (the API client, the posting
// layer, the run task's HCP client): a body that never ends, and one that trickles.
import type { ServerResponse } from 'node:http';

/** Answers 200 with a chunked JSON body (no length) that never ends: written as fast as the client reads, until the
 *  client goes away. `closed()`: whether it has. */
export function endlessAnswer(res: ServerResponse): { closed: () => boolean } {
  let closed = false;
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(16 * 1024, 0x20);
  const pump = () => {
    while (!closed && res.write(chunk));
    if (!closed) res.once('drain', pump);
  };
  res.on('close', () => (closed = true));
  pump();
  return { closed: () => closed };
}

/** Answers 200 and then one byte every `everyMs`, for as long as the client stays. */
export function tricklingAnswer(res: ServerResponse, everyMs = 100): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const t = setInterval(() => res.write(' '), everyMs);
  res.on('close', () => clearInterval(t));
}
