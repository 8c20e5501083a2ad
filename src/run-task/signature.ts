// HCP Terraform signs each run-task request when the task has an HMAC key: `X-TFC-Task-Signature` is the
// HMAC-SHA512 of the raw body, hex encoded (docs: "the signed SHA512 sum of the request payload using the configured
// HMAC key"; HashiCorp's scaffolding compares hex with hmac.Equal). Without a key HCP sends the header empty.
import { createHmac } from 'node:crypto';
import { sameSecret } from '../api/secret-checks.js';

export const SIGNATURE_HEADER = 'x-tfc-task-signature';

/** The signature HCP Terraform sends for this body and key (lower-case hex). */
export function signBody(key: string, body: Buffer | string): string {
  return createHmac('sha512', key).update(body).digest('hex');
}

export type SignatureVerdict = { ok: true } | { ok: false; status: 400 | 401; reason: string };

/**
 * Whether a request may be handled. With a key: the header must be the body's signature (compared in constant time,
 * hex in either case); missing, empty or different is 401. Without a key: an empty or absent header is accepted, a
 * signature is 400 (the task in HCP Terraform has a key this server does not: a configuration error, as in
 * HashiCorp's scaffolding).
 */
export function checkSignature(
  key: string | undefined,
  body: Buffer,
  header: string | string[] | undefined,
): SignatureVerdict {
  const given = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  if (!key) {
    if (given)
      return {
        ok: false,
        status: 400,
        reason:
          'the request is signed but this server has no HMAC key: set UPTIME_RUN_TASK_HMAC_KEY to the run task’s key',
      };
    return { ok: true };
  }
  if (!given) return { ok: false, status: 401, reason: 'missing X-TFC-Task-Signature (an HMAC key is set)' };
  if (!sameSecret(given.toLowerCase(), signBody(key, body)))
    return {
      ok: false,
      status: 401,
      reason: 'X-TFC-Task-Signature does not match the body (wrong HMAC key?)',
    };
  return { ok: true };
}
