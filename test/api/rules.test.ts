// The rules that src/api defines once and several parts derive from: the ETag/If-Match shape, the error table
// and the secret fields and markers. Each test reads the rule through the part that uses it.
import {
  CONFLICT_CODES,
  ERROR_CODES,
  ERROR_STATUSES,
  SECRET_FIELDS,
  SECRET_MARKERS,
  codeOfStatus,
  parseIfMatch,
  quoteEtag,
  statusOfCode,
  unquoteEtag,
} from '../../src/api/index.js';
import { ConflictError, REDACTED, SecretSet, redactBody } from '../../src/client/index.js';
import { REDACTED as FRAMEWORK_REDACTED } from '../../src/protocol/framework/redact.js';
import { HIDDEN } from '../../src/plan-report/secrets.js';
import { ApiError as ServiceError } from '../../src/service/errors.js';

describe('ETag and If-Match', () => {
  test.each([
    ['"v3-ab"', 'v3-ab'],
    ['W/"v3-ab"', 'v3-ab'],
    ['v3-ab', 'v3-ab'],
    ['', null],
    [null, null],
  ])('unquoteEtag(%j) = %j', (raw, want) => expect(unquoteEtag(raw)).toBe(want));

  test('quoteEtag quotes a bare token and leaves an entity tag as it is', () => {
    expect(quoteEtag('v1-aa')).toBe('"v1-aa"');
    expect(quoteEtag('"v1-aa"')).toBe('"v1-aa"');
    expect(quoteEtag('W/"v1-aa"')).toBe('W/"v1-aa"');
  });

  test('quoteEtag and unquoteEtag round-trip, also through If-Match lists', () => {
    expect(unquoteEtag(quoteEtag('v9-0f'))).toBe('v9-0f');
    expect(parseIfMatch(`${quoteEtag('v1-a')}, W/"v2-b" ,v3-c`)).toEqual(['v1-a', 'v2-b', 'v3-c']);
    expect(parseIfMatch(['"v1-a"', '"v2-b"'])).toEqual(['v1-a', 'v2-b']);
    expect(parseIfMatch('  ')).toBeNull();
    expect(parseIfMatch(undefined)).toBeNull();
  });
});

describe('error table', () => {
  test('every code has exactly one status, and the service answers it with that status', () => {
    const seen = new Map<string, number>();
    for (const [status, row] of Object.entries(ERROR_STATUSES))
      for (const code of row.codes) {
        expect(seen.has(code)).toBe(false);
        seen.set(code, Number(status));
      }
    expect([...seen.keys()]).toEqual([...ERROR_CODES]);
    for (const code of ERROR_CODES) {
      expect(new ServiceError(code, 'x').status).toBe(seen.get(code));
      expect(statusOfCode(code)).toBe(seen.get(code));
    }
  });

  test('a bare status maps to a code answered with that status, or to the one the table names', () => {
    expect(codeOfStatus(409)).toBe('invalid_state');
    expect(codeOfStatus(502)).toBe('unavailable');
    expect(codeOfStatus(413)).toBe('validation_failed');
    expect(codeOfStatus(418)).toBe('internal');
    for (const [status, row] of Object.entries(ERROR_STATUSES))
      if (row.codes.length && !('bare' in row)) expect(codeOfStatus(Number(status))).toBe(row.codes[0]);
  });

  test("the client's conflict reasons are the 409 codes", () => {
    const init = {
      method: 'POST',
      pathTemplate: '/monitors',
      path: '/monitors',
      status: 409,
      requestId: null,
    };
    for (const code of CONFLICT_CODES) {
      const e = new ConflictError({ ...init, body: { error: { code, message: 'm' } }, retryable: false });
      expect(e.reason).toBe(code);
    }
    const other = new ConflictError({
      ...init,
      body: { error: { code: 'x', message: 'm' } },
      retryable: false,
    });
    expect(other.reason).toBe('unknown');
  });
});

describe('secret fields and markers', () => {
  test('each marker is named once: the client, the plan report and the framework use the table', () => {
    expect(REDACTED).toBe(SECRET_MARKERS.log);
    expect(HIDDEN).toBe(SECRET_MARKERS.report);
    // src/protocol depends on nothing of ours: it spells Terraform's wording itself, held equal here.
    expect(FRAMEWORK_REDACTED).toBe(SECRET_MARKERS.value);
  });

  test('redactBody hides every secret field, whatever its case and depth', () => {
    const body = Object.fromEntries(SECRET_FIELDS.map((f) => [f.toUpperCase(), 'sek-1234']));
    const out = JSON.stringify(redactBody({ a: [body], ...body, name: 'n' }));
    expect(out).not.toContain('sek-1234');
    expect(out).toContain('"name":"n"');
  });

  test('a write body registers the values of its write-only fields for scrubbing', () => {
    const s = new SecretSet();
    s.addFromBody({
      name: 'plain-name',
      requestHeaders: [{ name: 'X-Key', value: 'hdr-secret-1' }],
      authConfig: { type: 'basic', username: 'probe', password: 'pw-secret-2' },
    });
    expect(s.redact('hdr-secret-1 pw-secret-2 plain-name probe')).toBe(
      `${REDACTED} ${REDACTED} plain-name probe`,
    );
  });
});
