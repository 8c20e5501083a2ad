// The two rules every secret the project accepts follows (admin key, webhook signing secrets, export link
// signatures): a secret shorter than MIN_SECRET_LENGTH is refused with an error naming the field, and secrets are
// compared in constant time, whatever their lengths.
import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The shortest secret accepted: 16 characters. NIST SP 800-63B-4 (3.1.1.2) asks at least 15 characters of a
 * secret that is the only factor, and these are: whoever holds the admin key or a webhook secret needs nothing
 * else. 16 refuses the empty value of an unset variable, placeholders and short words; it is a floor, not a
 * measure of strength: the secrets the service generates are 44 (admin key) and 54 (webhook secret) characters
 * of random hex (160 and 192 bits).
 */
export const MIN_SECRET_LENGTH = 16;

/** What is wrong with a configured secret (never its value), or null when it is long enough. */
export function secretProblem(field: string, value: unknown): string | null {
  if (typeof value !== 'string')
    return `${field} must be a string of at least ${MIN_SECRET_LENGTH} characters (rule: min_length)`;
  if (value.length >= MIN_SECRET_LENGTH) return null;
  const got = value.length === 0 ? 'it is empty' : `it has ${value.length}`;
  return `${field} must be at least ${MIN_SECRET_LENGTH} characters long (rule: min_length, allowed: ${MIN_SECRET_LENGTH} or more characters); ${got}`;
}

/** Throws a RangeError naming the field when the secret is too short (a configuration error). */
export function requireSecret(field: string, value: unknown): string {
  const problem = secretProblem(field, value);
  if (problem) throw new RangeError(problem);
  return value as string;
}

/**
 * Whether two secrets are equal, in time that depends on neither their content nor their lengths: both are hashed
 * (SHA-256) and the digests compared with `timingSafeEqual`. `undefined`/missing never equals anything.
 */
export function sameSecret(given: string | Buffer | undefined | null, expected: string | Buffer): boolean {
  if (given === undefined || given === null) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

const digest = (v: string | Buffer): Buffer => createHash('sha256').update(v).digest();
