// Where a server command listens (`uptimectl service`, `uptimectl run-task serve`): `--port` (0: any free port) and
// `--host` (loopback unless told otherwise).
import { InvalidArgumentError, Option } from 'commander';

export interface ListenOptions {
  port: number;
  host: string;
}

/** A TCP port number, 0 to 65535 (0: any free port). */
export function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError('must be a port number (0 = any free port)');
  return n;
}

/** `--port <port>`, default 0. */
export const portOption = (): Option =>
  new Option('--port <port>', 'port to listen on (0 = any free port)').argParser(port).default(0);

/** `--host <host>`, default 127.0.0.1; `note` is what the command adds about it (help text). */
export const hostOption = (note = ''): Option =>
  new Option('--host <host>', `address to listen on${note}`).default('127.0.0.1');
