// Independent checks of the outbound HTTP policy's reading of Retry-After (src/http/policy.ts), written from RFC 9110:
// §10.2.3 (Retry-After = HTTP-date / delay-seconds) and §5.6.7 (HTTP-date: "A recipient that parses a timestamp value
// in an HTTP field MUST accept all three HTTP-date formats"; every one is UTC; an rfc850-date's two-digit year that
// "appears to be more than 50 years in the future" is the most recent past year with those digits), and from §9.2.2
// (idempotent methods). The same values in other time zones: retry-after-zones-e2e.test.ts.
import { httpDate, mayRepeat, retryAfterMs } from '../../src/http/policy.js';
import { NOW, RETRY_AFTER_CASES } from './retry-after-cases.js';

describe('Retry-After', () => {
  test.each(RETRY_AFTER_CASES)('%j announces %p ms (null: nothing; the caller backs off)', (value, ms) => {
    expect(retryAfterMs(value, NOW)).toBe(ms);
  });
});

describe('the two-digit year of an RFC 850 date', () => {
  test('is this century, unless that is more than 50 years ahead: then the century before', () => {
    const now = Date.UTC(2025, 5, 1);
    expect(new Date(httpDate('Sunday, 01-Jun-25 12:00:00 GMT', now)!).getUTCFullYear()).toBe(2025);
    expect(new Date(httpDate('Friday, 01-Jun-75 12:00:00 GMT', now)!).getUTCFullYear()).toBe(2075);
    expect(new Date(httpDate('Wednesday, 01-Jun-76 12:00:00 GMT', now)!).getUTCFullYear()).toBe(1976);
    expect(new Date(httpDate('Tuesday, 01-Jun-99 12:00:00 GMT', now)!).getUTCFullYear()).toBe(1999);
  });
});

describe('delay-seconds', () => {
  test('a huge number is read as it is (the caller bounds the wait), not as garbage', () => {
    expect(retryAfterMs('86400', NOW)).toBe(86_400_000);
    expect(retryAfterMs('99999999999', NOW)).toBe(99_999_999_999_000);
  });
});

describe('idempotent methods (RFC 9110 §9.2.2)', () => {
  test('PUT, DELETE and the safe methods may be repeated; POST and PATCH are not, whatever their case', () => {
    for (const m of ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'put', 'Delete'])
      expect(mayRepeat(m)).toBe(true);
    for (const m of ['POST', 'PATCH', 'post', 'patch', 'CONNECT']) expect(mayRepeat(m)).toBe(false);
  });
});
