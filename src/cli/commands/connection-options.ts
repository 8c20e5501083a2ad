// The service connection every command that reads the account shares: `--base-url` and `--token`, each falling back
// to its environment variable (UPTIME_BASE_URL, UPTIME_API_TOKEN; an empty variable counts as unset), the base URL
// checked by the base-URL rule (src/api/base-url.ts) before anything is sent. The values are checked here, not by an
// argument parser: commander would echo a refused value, and a URL may hold credentials.
import { Option, type Command } from 'commander';
import { baseUrlProblem } from '../../api/base-url.js';

export const BASE_URL_ENV = 'UPTIME_BASE_URL';
export const TOKEN_ENV = 'UPTIME_API_TOKEN';

/** What commander parses into a command's options. */
export interface ConnectionOptions {
  baseUrl?: string | undefined;
  token?: string | undefined;
}

export interface Connection {
  baseUrl: string;
  token: string;
}

/**
 * `--base-url <url>`, falling back to UPTIME_BASE_URL. `use` says what the command needs the service for, e.g.
 * `for the duplicate preflight and backtest` (help text only).
 */
export const baseUrlOption = (use?: string): Option =>
  new Option('--base-url <url>', `service address${use ? ` ${use}` : ''}`).env(BASE_URL_ENV);

/** `--token <token>`, falling back to UPTIME_API_TOKEN; `use` as for baseUrlOption. */
export const tokenOption = (use?: string): Option =>
  new Option('--token <token>', `API token${use ? ` ${use}` : ''}`).env(TOKEN_ENV);

/** The set values; the base URL checked when it will be used (with a token), named as the user gave it: the option,
 *  or its variable when commander took it from there. */
function checked(opts: ConnectionOptions, cmd: Command | undefined): Partial<Connection> {
  const baseUrl = opts.baseUrl || undefined;
  const token = opts.token || undefined;
  if (baseUrl && token) {
    const name = cmd?.getOptionValueSource('baseUrl') === 'env' ? BASE_URL_ENV : '--base-url';
    const problem = baseUrlProblem(baseUrl, name, [token]);
    if (problem) throw new Error(problem.message);
  }
  return { baseUrl, token };
}

/**
 * The connection when both the address and the token are set (checked), else null: for commands that read the
 * account only when they can (labels, preflight, backtest). `cmd` (the action's last argument) names the source of
 * a refused value.
 */
export function connectionOf(opts: ConnectionOptions, cmd?: Command): Connection | null {
  const { baseUrl, token } = checked(opts, cmd);
  return baseUrl && token ? { baseUrl, token } : null;
}

/** The connection of a command that needs the service; an error says what to set otherwise. */
export function requireConnection(opts: ConnectionOptions, cmd?: Command): Connection {
  const { baseUrl, token } = checked(opts, cmd);
  if (baseUrl && token) return { baseUrl, token };
  const address = `--base-url or ${BASE_URL_ENV}`;
  const key = `--token or ${TOKEN_ENV}`;
  if (!baseUrl && !token) throw new Error(`set the service address (${address}) and an API token (${key})`);
  throw new Error(baseUrl ? `set an API token: ${key}` : `set the service address: ${address}`);
}
