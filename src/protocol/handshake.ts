// go-plugin launch contract: magic cookie, protocol version negotiation and the handshake line.

export const MAGIC_COOKIE_KEY = 'TF_PLUGIN_MAGIC_COOKIE';
export const MAGIC_COOKIE_VALUE = 'd602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2';
export const CORE_PROTOCOL_VERSION = 1;
export const APP_PROTOCOL_VERSION = 6;

export const NOT_LAUNCHED_BY_TERRAFORM = `This binary is a plugin. These are not meant to be executed directly.
Please execute the program that consumes these plugins, which will
load any plugins automatically (terraform). To debug the provider, run it with --debug.
`;

export type LaunchCheck = { ok: true; version: number } | { ok: false; message: string };

/** Checks the environment Terraform sets; returns the negotiated protocol version or a message for stderr. */
export function checkLaunch(env: NodeJS.ProcessEnv): LaunchCheck {
  if (env[MAGIC_COOKIE_KEY] !== MAGIC_COOKIE_VALUE) return { ok: false, message: NOT_LAUNCHED_BY_TERRAFORM };
  const offered = env.PLUGIN_PROTOCOL_VERSIONS;
  if (offered === undefined || offered.trim() === '') return { ok: true, version: APP_PROTOCOL_VERSION };
  const versions = offered
    .split(',')
    .map((v) => Number(v.trim()))
    .filter((v) => Number.isInteger(v));
  if (!versions.includes(APP_PROTOCOL_VERSION))
    return {
      ok: false,
      message: `This provider speaks plugin protocol ${APP_PROTOCOL_VERSION}, but the client offered ${offered}. Use Terraform 1.0 or later.\n`,
    };
  return { ok: true, version: APP_PROTOCOL_VERSION };
}

export interface HandshakeFields {
  core: number;
  version: number;
  network: 'unix' | 'tcp';
  address: string;
  protocol: string;
  cert: string;
}

export function formatHandshake(network: 'unix' | 'tcp', address: string, certB64: string): string {
  return `${CORE_PROTOCOL_VERSION}|${APP_PROTOCOL_VERSION}|${network}|${address}|grpc|${certB64}\n`;
}

export function parseHandshake(line: string): HandshakeFields {
  const parts = line.replace(/\r?\n$/, '').split('|');
  if (parts.length !== 6) throw new Error(`Unrecognized remote plugin message: ${line}`);
  const [core, version, network, address, protocol, cert] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (network !== 'unix' && network !== 'tcp') throw new Error(`unknown address type ${network}`);
  return { core: Number(core), version: Number(version), network, address, protocol, cert };
}
