// Check targets the probe suites serve themselves: HTTP and HTTPS servers on 127.0.0.1 whose routes answer a status,
// redirect or wait, with a log of every request that arrived (the side that proves a refused address was never
// reached), and certificates made in the test (@peculiar/x509): a CA and leaves for 127.0.0.1 valid for N days.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as never);

export interface Route {
  status?: number;
  delayMs?: number;
  location?: string;
  /** Answer 401 unless the request carries this Authorization header. */
  requireAuth?: string;
}

export class Target {
  readonly seen: { method: string; path: string; headers: IncomingMessage['headers'] }[] = [];
  readonly routes = new Map<string, Route>();
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(tls?: { cert: string; key: string }): Promise<Target> {
    const ref: { self?: Target } = {};
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      const t = ref.self!;
      const path = (req.url ?? '/').split('?')[0]!;
      t.seen.push({ method: req.method ?? '', path, headers: req.headers });
      const r = t.routes.get(path) ?? { status: 200 };
      const answer = () => {
        if (r.requireAuth && req.headers.authorization !== r.requireAuth) {
          res.writeHead(401).end('no');
          return;
        }
        res.writeHead(r.status ?? 200, r.location ? { location: r.location } : {});
        res.end('body');
      };
      if (r.delayMs) setTimeout(answer, r.delayMs).unref();
      else answer();
    };
    const server = tls ? createHttpsServer(tls, handler) : createServer(handler);
    server.keepAliveTimeout = 200;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    ref.self = new Target(server, `${tls ? 'https' : 'http'}://127.0.0.1:${port}`);
    return ref.self;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const DAY = 86_400_000;

async function keys() {
  return (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
}
async function keyPem(k: webcrypto.CryptoKeyPair): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', k.privateKey));
  return `-----BEGIN PRIVATE KEY-----\n${der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '')}\n-----END PRIVATE KEY-----\n`;
}
const serial = () => `01${Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString('hex')}`;
const leafExtensions = () => [
  new x509.BasicConstraintsExtension(false, undefined, true),
  new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
  new x509.SubjectAlternativeNameExtension([{ type: 'ip', value: '127.0.0.1' }]),
];

/** A certificate for 127.0.0.1 signed by nobody. */
export async function selfSigned(days: number): Promise<{ cert: string; key: string }> {
  const k = await keys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: 'CN=self-signed probe target',
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + days * DAY),
    signingAlgorithm: ALG,
    keys: k,
    extensions: leafExtensions(),
  });
  return { cert: cert.toString('pem'), key: await keyPem(k) };
}

/** A CA (its PEM for the probe's trust) and a leaf for 127.0.0.1 it signed, valid for `days` more days. */
export async function caSigned(days: number): Promise<{ ca: string; cert: string; key: string }> {
  const caKeys = await keys();
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: 'CN=probe test CA',
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + 365 * DAY),
    signingAlgorithm: ALG,
    keys: caKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  const leafKeys = await keys();
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: 'CN=expiring probe target',
    issuer: ca.subject,
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + days * DAY + 3_600_000),
    signingAlgorithm: ALG,
    publicKey: leafKeys.publicKey,
    signingKey: caKeys.privateKey,
    extensions: leafExtensions(),
  });
  return { ca: ca.toString('pem'), cert: leaf.toString('pem'), key: await keyPem(leafKeys) };
}
