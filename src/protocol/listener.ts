// Where the plugin listens, by go-plugin's rules (hashicorp/go-plugin server.go, read at dd3617a):
// - `serverListener` listens on TCP when runtime.GOOS is "windows" and on a unix socket everywhere else; the
//   client (client.go) accepts either network on any OS, from the handshake line's third field (`tcp` or `unix`).
// - `serverListener_tcp` reads PLUGIN_MIN_PORT and PLUGIN_MAX_PORT (base 10; empty counts as 0), refuses
//   min > max ("PLUGIN_MIN_PORT value of … is greater than PLUGIN_MAX_PORT value of …"), and tries
//   `127.0.0.1:port` for each port from min to max in order, keeping the first that binds; 0..0 is any free port.
//   The client always sets both (ClientConfig MinPort/MaxPort, 10000..25000 unless given; Terraform gives none).
// - The address is advertised as the listener's `127.0.0.1:PORT`, in the line `1|6|tcp|127.0.0.1:PORT|grpc|CERT`
//   ending in "\n" on every OS (the client trims the line), so AutoMTLS works over TCP as over the socket.
// Stricter than go-plugin where it would quietly leave the range: only one of the two variables set, or a range
// that starts at 0 (go-plugin's port 0 binds any port, inside the range or not), is refused with an error naming
// both variables; so is a port that is not a whole number from 1 to 65535. Every port of the range is tried, and
// any failure (in use, or refused: Windows reserves port ranges for Hyper-V and answers EACCES) moves to the next,
// as in go-plugin; a full range is an error saying how many ports were tried and the last refusal.
// UPTIME_PLUGIN_NETWORK=tcp selects the TCP listener on Linux and macOS too (Terraform accepts `tcp` from a plugin
// on any OS: the tests run real Terraform over it); `unix` is the default there and is refused on Windows, where
// Node listens on a path only as a named pipe, which go-plugin cannot dial.

export type PluginNetwork = 'unix' | 'tcp';

/** The ports to try, inclusive; null: any free port. */
export type PortRange = { min: number; max: number } | null;

export const NETWORK_VARIABLE = 'UPTIME_PLUGIN_NETWORK';

/** A launch setting the plugin cannot serve with: said on stderr, exit 1 (before any handshake line). */
export class ListenConfigError extends Error {}

/** The network this process listens on: tcp on Windows, else UPTIME_PLUGIN_NETWORK (default unix). */
export function pluginNetwork(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): PluginNetwork {
  const raw = (env[NETWORK_VARIABLE] ?? '').trim().toLowerCase();
  if (raw !== '' && raw !== 'tcp' && raw !== 'unix')
    throw new ListenConfigError(
      `${NETWORK_VARIABLE}=${JSON.stringify(env[NETWORK_VARIABLE])} is not a plugin network: use tcp or unix (or leave it unset)`,
    );
  if (platform === 'win32') {
    if (raw === 'unix')
      throw new ListenConfigError(
        `${NETWORK_VARIABLE}=unix is not available on Windows: go-plugin expects plugins there on TCP (tcp, the default)`,
      );
    return 'tcp';
  }
  return raw === 'tcp' ? 'tcp' : 'unix';
}

function port(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535)
    throw new ListenConfigError(
      `${name}=${JSON.stringify(env[name])} is not a port: PLUGIN_MIN_PORT and PLUGIN_MAX_PORT must be whole numbers from 1 to 65535 (both unset, or both 0: any free port)`,
    );
  return Number(raw);
}

/** PLUGIN_MIN_PORT..PLUGIN_MAX_PORT, checked. */
export function portRange(env: NodeJS.ProcessEnv): PortRange {
  const min = port(env, 'PLUGIN_MIN_PORT');
  const max = port(env, 'PLUGIN_MAX_PORT');
  if (min === undefined && max === undefined) return null;
  if (min === undefined || max === undefined)
    throw new ListenConfigError(
      `${min === undefined ? 'PLUGIN_MAX_PORT' : 'PLUGIN_MIN_PORT'} is set but ${min === undefined ? 'PLUGIN_MIN_PORT' : 'PLUGIN_MAX_PORT'} is not: set both (the ports to listen on) or neither (any free port)`,
    );
  if (min === 0 && max === 0) return null;
  if (min === 0)
    throw new ListenConfigError(
      `PLUGIN_MIN_PORT is 0 but PLUGIN_MAX_PORT is ${max}: a range starts at 1 (both 0: any free port)`,
    );
  if (min > max)
    throw new ListenConfigError(`PLUGIN_MIN_PORT (${min}) is greater than PLUGIN_MAX_PORT (${max})`);
  return { min, max };
}

/** Binds `127.0.0.1:port` (0: any free port) and resolves with the bound port, or rejects with the bind error. */
export type BindTcp = (port: number) => Promise<number>;

/** Listens on the first port of `range` that binds (any free port when null); resolves with `127.0.0.1:PORT`. */
export async function listenTcp(bind: BindTcp, range: PortRange): Promise<string> {
  if (!range) return `127.0.0.1:${await bind(0)}`;
  let last: unknown;
  for (let p = range.min; p <= range.max; p++) {
    try {
      return `127.0.0.1:${await bind(p)}`;
    } catch (err) {
      last = err;
    }
  }
  const why =
    (last as { code?: string } | undefined)?.code ?? (last instanceof Error ? last.message : 'unknown');
  const count = range.max - range.min + 1;
  throw new ListenConfigError(
    `no port to listen on in PLUGIN_MIN_PORT..PLUGIN_MAX_PORT (${range.min}..${range.max}) on 127.0.0.1: ${count === 1 ? 'the port' : `all ${count} ports`} refused (last: ${why}); free a port or widen the range`,
  );
}
