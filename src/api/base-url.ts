// Where an API token may be sent, and what counts as this machine.
//
// The base-URL rule: `{base_url}` is an absolute URL that uses https, or plain http to a loopback host only (the
// local service on this machine); it never holds credentials (`user:password@`), since the token authenticates.
// The client, the provider's `base_url` and uptimectl's `--base-url` all check it here.
//
// The loopback rule: `localhost`, an IPv4 address in 127.0.0.0/8, or ::1, in any spelling a URL or a listen address
// gives them (`[::1]`, `0:0:0:0:0:0:0:1`, `LOCALHOST`, the IPv4-mapped `::ffff:127.0.0.1`). Not a name that merely
// looks local (`127.0.0.1.example.com`, `localhost.example.com`), and not `*.localhost` either: Node resolves such
// names through DNS, so they may leave the machine. The local service's local mode (webhook endpoints on loopback)
// uses the same rule.
import { BlockList, isIP } from 'node:net';

/** Made on first use: a native handle made while a module loads would end up in the release's startup snapshot. */
let loopback: BlockList | undefined;
function loopbackRanges(): BlockList {
  if (!loopback) {
    loopback = new BlockList();
    loopback.addSubnet('127.0.0.0', 8, 'ipv4');
    loopback.addAddress('::1', 'ipv6');
  }
  return loopback;
}

/** Whether a host name or address (bracketed IPv6 too, as `URL.hostname` gives it) is this machine's loopback. */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return true;
  const family = isIP(h);
  // BlockList matches the IPv4-mapped spellings of an IPv6 address against the IPv4 ranges.
  return family !== 0 && loopbackRanges().check(h, family === 4 ? 'ipv4' : 'ipv6');
}

export interface BaseUrlProblem {
  rule: 'absolute_url' | 'https' | 'no_credentials';
  message: string;
}

/** A value that is no URL, as a message may show it: what looks like `user:password@` masked, and `secrets`. */
function shown(raw: string, secrets: readonly string[]): string {
  let out = raw.replace(/^([^/?#]*\/\/)[^/?#]*@/, '$1***@');
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('***');
  return JSON.stringify(out);
}

/**
 * What is wrong with a base URL, or null when it may carry the token. `name` starts the message (`base URL`,
 * `base_url`, `--base-url`). The message never repeats credentials: the URL's own, or `secrets` (the token, when the
 * caller has it: a token given as the address is shown masked).
 */
export function baseUrlProblem(
  raw: string,
  name = 'base URL',
  secrets: readonly string[] = [],
): BaseUrlProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return {
      rule: 'absolute_url',
      message: `${name} must be an absolute URL such as https://api.example.com/v1; got ${shown(raw, secrets)}`,
    };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname)))
    return {
      rule: 'https',
      message: `${name} must use https (plain http only to a loopback host: localhost, 127.0.0.0/8 or ::1, e.g. the local service), since the API token would otherwise travel unencrypted; got ${url.protocol}//${url.host}`,
    };
  if (url.username || url.password)
    return {
      rule: 'no_credentials',
      message: `${name} must not contain credentials (user:password@): the API token authenticates`,
    };
  return null;
}

/** The base URL parsed, or a TypeError with the rule's message. */
export function checkBaseUrl(raw: string, name?: string): URL {
  const problem = baseUrlProblem(raw, name);
  if (problem) throw new TypeError(problem.message);
  return new URL(raw);
}
