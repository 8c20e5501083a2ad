// AutoMTLS: a fresh self-signed ECDSA P-256 certificate for `localhost`, built with node:crypto and a tiny DER
// writer (no certificate library on the startup path). Profile mirrors go-plugin's generateCert: CA, key usage
// digitalSignature|keyEncipherment|keyAgreement|certSign, EKU serverAuth+clientAuth, SAN DNS:localhost and
// IP:127.0.0.1, valid from now-30s.
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { bits, bool, explicit, implicitPrim, octets, oid, seq, set, uint, utcTime, utf8 } from './der.js';

export interface ServerCertificate {
  certPem: string;
  keyPem: string;
  der: Buffer;
}

const ECDSA_SHA256 = '1.2.840.10045.4.3.2';

function name(): Buffer {
  return seq(set(seq(oid('2.5.4.10'), utf8('HashiCorp'))), set(seq(oid('2.5.4.3'), utf8('localhost'))));
}

function ext(id: string, critical: boolean, value: Buffer): Buffer {
  return critical ? seq(oid(id), bool(true), octets(value)) : seq(oid(id), octets(value));
}

export function generateServerCertificate(now = new Date()): ServerCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  serial[0]! |= 0x01;
  const notBefore = new Date(now.getTime() - 30_000);
  const notAfter = new Date(now.getTime() + 365 * 24 * 3600_000);
  const algorithm = seq(oid(ECDSA_SHA256));
  const extensions = seq(
    ext('2.5.29.19', true, seq(bool(true))), // basicConstraints CA:TRUE
    ext('2.5.29.15', true, bits(Buffer.from([0xac]), 2)), // keyUsage
    ext('2.5.29.37', false, seq(oid('1.3.6.1.5.5.7.3.1'), oid('1.3.6.1.5.5.7.3.2'))), // EKU server, client
    ext(
      '2.5.29.17',
      false,
      seq(implicitPrim(2, Buffer.from('localhost')), implicitPrim(7, Buffer.from([127, 0, 0, 1]))),
    ),
  );
  const tbs = seq(
    explicit(0, uint(Buffer.from([2]))),
    uint(serial),
    algorithm,
    name(),
    seq(utcTime(notBefore), utcTime(notAfter)),
    name(),
    spki,
    explicit(3, extensions),
  );
  const signature = sign('sha256', tbs, privateKey); // DER-encoded ECDSA signature
  const der = seq(tbs, algorithm, bits(signature));
  return {
    der,
    certPem: toPem('CERTIFICATE', der),
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

export function toPem(label: string, der: Buffer): string {
  const b64 = der.toString('base64').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${label}-----\n${b64.replace(/\n$/, '')}\n-----END ${label}-----\n`;
}

/** Handshake field 6: DER in standard base64 without padding (Go's RawStdEncoding). */
export function rawBase64(der: Buffer): string {
  return der.toString('base64').replace(/=+$/, '');
}
