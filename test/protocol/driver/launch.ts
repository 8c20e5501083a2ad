// Test driver: launches a built provider exactly as Terraform does (environment, a P-521 client certificate,
// handshake parsing, mutual TLS over the unix socket or TCP) and exposes typed-enough RPC calls.
import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { webcrypto, X509Certificate } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { credentials, Client, type ChannelCredentials, type ServiceDefinition } from '@grpc/grpc-js';
import { loadServices } from '../../../src/protocol/proto/load.js';
import { MAGIC_COOKIE_VALUE, parseHandshake, type HandshakeFields } from '../../../src/protocol/handshake.js';

x509.cryptoProvider.set(webcrypto as any);

export interface ClientCert {
  certPem: string;
  keyPem: string;
}

/** Terraform's (go-plugin's) client certificate profile: ECDSA P-521, self-signed CA for localhost. */
export async function makeClientCert(): Promise<ClientCert> {
  const alg = { name: 'ECDSA', namedCurve: 'P-521', hash: 'SHA-512' };
  const keys = (await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01' + Buffer.from(webcrypto.getRandomValues(new Uint8Array(15))).toString('hex'),
    name: 'O=HashiCorp, CN=localhost',
    notBefore: new Date(Date.now() - 30_000),
    notAfter: new Date(Date.now() + 3600_000),
    signingAlgorithm: alg,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature |
          x509.KeyUsageFlags.keyEncipherment |
          x509.KeyUsageFlags.keyAgreement |
          x509.KeyUsageFlags.keyCertSign,
        true,
      ),
      new x509.ExtendedKeyUsageExtension([
        x509.ExtendedKeyUsage.clientAuth,
        x509.ExtendedKeyUsage.serverAuth,
      ]),
      new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: 'localhost' }]),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const keyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8.toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END PRIVATE KEY-----\n`;
  return { certPem: cert.toString('pem'), keyPem: keyPem.replace(/\n\n/g, '\n') };
}

export interface LaunchOptions {
  tls?: boolean;
  env?: NodeJS.ProcessEnv;
  args?: string[];
  /** Client cert to present instead of the one announced in PLUGIN_CLIENT_CERT (to test rejection). */
  presentCert?: ClientCert;
  /** tfplugin6.Provider as the client knows it (default: the provider's own embedded definitions). */
  providerService?: ServiceDefinition;
  /** How long to wait for the handshake line (default 20 s; go-plugin's StartTimeout is 60 s). */
  handshakeTimeoutMs?: number;
}

/** What a server stream delivered: its events, and how it ended (gRPC status code; 0 = OK, 1 = cancelled). */
export interface StreamResult<T> {
  events: T[];
  code: number;
  details?: string;
  /** When the client cancelled the call (Date.now()), if it did. */
  cancelledAt?: number;
}

export interface Launched {
  child: ChildProcess;
  handshakeLine: string;
  handshake: HandshakeFields;
  serverCert?: X509Certificate;
  stderr: () => string;
  call<T = any>(rpc: string, req?: Record<string, unknown>): Promise<T>;
  /** A server-streaming call; with `cancelAfter` the client cancels once it has that many events (as Terraform
   *  does at a list's limit). */
  stream<T = any>(
    rpc: string,
    req: Record<string, unknown>,
    cancelAfter?: number,
    onEvent?: (event: T, count: number) => void,
  ): Promise<StreamResult<T>>;
  /** Calls any method (unary or streaming either way) with one empty request; resolves with the gRPC status code. */
  probe(rpc: string): Promise<{ code: number; details?: string }>;
  /** Calls a method of another service (plugin.GRPCController, grpc.health.v1.Health, ...). */
  callService<T = any>(
    path: string,
    req?: Record<string, unknown>,
    svc?: 'controller' | 'health',
  ): Promise<T>;
  exited: Promise<number | null>;
  kill(): void;
  close(): void;
}

/** `bundle` is a launcher script run by this Node, or an executable (the release's single-file executable). */
export async function launchProvider(bundle: string, opts: LaunchOptions = {}): Promise<Launched> {
  const tls = opts.tls ?? true;
  const announced = tls ? await makeClientCert() : undefined;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE,
    PLUGIN_PROTOCOL_VERSIONS: '5,6',
    PLUGIN_MIN_PORT: '10000',
    PLUGIN_MAX_PORT: '25000',
    ...(announced ? { PLUGIN_CLIENT_CERT: announced.certPem } : {}),
    ...opts.env,
  };
  const script = /\.[cm]?js$/.test(bundle);
  const child = spawn(
    script ? process.execPath : bundle,
    [...(script ? [bundle] : []), ...(opts.args ?? [])],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const firstLine = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve(out.slice(0, nl + 1));
      }
    };
    child.stdout!.on('data', onData);
    exited.then((code) => reject(new Error(`plugin exited before we could connect (code ${code}): ${err}`)));
    const wait = opts.handshakeTimeoutMs ?? 20_000;
    setTimeout(() => reject(new Error(`no handshake within ${wait / 1000} s`)), wait).unref();
  });
  const handshake = parseHandshake(firstLine);
  let creds: ChannelCredentials;
  let serverCert: X509Certificate | undefined;
  if (announced) {
    if (handshake.cert.length < 50)
      throw new Error('TLS requested but no server certificate in the handshake');
    serverCert = new X509Certificate(Buffer.from(handshake.cert, 'base64'));
    const present = opts.presentCert ?? announced;
    creds = credentials.createSsl(
      Buffer.from(serverCert.toString()),
      Buffer.from(present.keyPem),
      Buffer.from(present.certPem),
    );
  } else creds = credentials.createInsecure();
  const target = handshake.network === 'unix' ? `unix:${handshake.address}` : handshake.address;
  const client = new Client(target, creds, {
    'grpc.ssl_target_name_override': 'localhost',
    'grpc.default_authority': 'localhost',
    'grpc.max_receive_message_length': 256 * 1024 * 1024,
  });
  const services = loadServices();
  const providerService = opts.providerService ?? services.provider;
  const unary = <T>(def: any, req: Record<string, unknown>) =>
    new Promise<T>((resolve, reject) => {
      client.makeUnaryRequest(
        def.path,
        def.requestSerialize,
        def.responseDeserialize,
        req,
        { deadline: Date.now() + 20_000 },
        (e: Error | null, res?: T) => (e ? reject(e) : resolve(res as T)),
      );
    });
  return {
    child,
    handshakeLine: firstLine,
    handshake,
    ...(serverCert ? { serverCert } : {}),
    stderr: () => err,
    call: (rpc, req = {}) => {
      const def = providerService[rpc];
      if (!def) throw new Error(`no such RPC ${rpc}`);
      return unary(def, req);
    },
    stream: <T>(
      rpc: string,
      req: Record<string, unknown>,
      cancelAfter?: number,
      onEvent?: (event: T, count: number) => void,
    ) => {
      const def: any = providerService[rpc];
      if (!def) throw new Error(`no such RPC ${rpc}`);
      return new Promise<StreamResult<T>>((resolve) => {
        const events: T[] = [];
        let cancelledAt: number | undefined;
        const call = client.makeServerStreamRequest(
          def.path,
          def.requestSerialize,
          def.responseDeserialize,
          req,
          {
            deadline: Date.now() + 20_000,
          },
        );
        call.on('data', (e: T) => {
          events.push(e);
          onEvent?.(e, events.length);
          if (cancelAfter !== undefined && events.length >= cancelAfter && cancelledAt === undefined) {
            cancelledAt = Date.now();
            call.cancel();
          }
        });
        call.on('error', (e: any) =>
          resolve({ events, code: e.code, details: e.details, ...(cancelledAt ? { cancelledAt } : {}) }),
        );
        call.on('end', () => resolve({ events, code: 0 }));
      });
    },
    probe: (rpc: string) => {
      const def: any = providerService[rpc];
      if (!def) throw new Error(`no such RPC ${rpc}`);
      const args = [def.path, def.requestSerialize, def.responseDeserialize] as const;
      const opts = { deadline: Date.now() + 20_000 };
      return new Promise<{ code: number; details?: string }>((resolve) => {
        const done = (e: any) => resolve(e ? { code: e.code, details: e.details } : { code: 0 });
        if (def.requestStream) {
          const call: any = def.responseStream
            ? client.makeBidiStreamRequest(...args, opts)
            : client.makeClientStreamRequest(...args, opts, (e: any) => done(e));
          call.on('error', done);
          call.on?.('data', () => {});
          if (def.responseStream) call.on('end', () => done(null));
          call.write({});
          call.end();
        } else if (def.responseStream) {
          const call = client.makeServerStreamRequest(...args, {}, opts);
          call.on('data', () => {});
          call.on('error', done);
          call.on('end', () => done(null));
        } else client.makeUnaryRequest(...args, {}, opts, (e: any) => done(e));
      });
    },
    callService: (method, req = {}, svc = 'controller') => unary(services[svc][method], req),
    exited,
    kill: () => child.kill('SIGKILL'),
    close: () => {
      client.close();
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
