// Independent checks of the loopback and base-URL rules (src/api/base-url.ts) against WHATWG URL parsing of odd hosts:
// what decides is the host the client will connect to (`new URL(...).hostname`), so every spelling of 127.0.0.0/8 or
// ::1 that the URL parser turns into one is this machine, and nothing else is: no API token may travel over plain
// http to a host that is not loopback. A refusal never repeats credentials, the user's or the token.
import { baseUrlProblem, isLoopback } from '../../src/api/index.js';
import { checkBaseUrl as providerBaseUrl } from '../../src/provider/index.js';

const TOKEN = `upt_${'7f'.repeat(20)}`;

describe('plain http is allowed exactly where the URL parser lands on this machine', () => {
  test.each([
    'http://127.1/v1', // a shortened IPv4 address
    'http://0x7f.0.0.1/v1', // hexadecimal
    'http://0177.0.0.1/v1', // octal
    'http://2130706433/v1', // one number
    'http://127.255.255.254:8080/v1',
    'http://127.0.0.1./v1', // trailing dot of an IPv4 address: parsed away
    'http://127.0.0.1%2e/v1', // the same, percent-encoded
    'http://LOCALHOST/v1',
    'http://ｌｏｃａｌｈｏｓｔ/v1', // fullwidth letters: IDNA maps them to localhost
    'http://[::1]/v1',
    'http://[0:0:0:0:0:0:0:1]/v1',
    'http://[::ffff:7f00:1]/v1', // IPv4-mapped 127.0.0.1
    'http://[::ffff:127.0.0.1]/v1',
    'HTTP://127.0.0.1/v1',
    'http:127.0.0.1/v1', // no slashes: still a special scheme's host
    'http://127.0.0.1\\@evil.example/v1', // the backslash ends the host: the host is 127.0.0.1
  ])('%s', (url) => {
    expect(isLoopback(new URL(url).hostname)).toBe(true);
    expect(baseUrlProblem(url)).toBeNull();
  });

  test.each([
    'http://localhost./v1', // a DNS name with its root: resolved, may leave the machine
    'http://foo.localhost/v1',
    'http://127.0.0.1.nip.io/v1', // public DNS that answers 127.0.0.1 today
    'http://localhost.example.com/v1',
    'http://localhost@evil.example/v1', // userinfo, not a host
    'http://evil.example\\@127.0.0.1/v1', // the host is evil.example
    'http://[::7f00:1]/v1', // IPv4-compatible, not mapped: not loopback
    'http://[::ffff:0:7f00:1]/v1', // IPv4-translated
    'http://[64:ff9b::7f00:1]/v1', // NAT64 leaves the machine
    'http://0/v1', // 0.0.0.0
    'http://[::]/v1',
    'http://128.0.0.1/v1',
    'http://xn--localhost-/v1',
  ])('%s is refused: https only', (url) => {
    let host: string | null = null;
    try {
      host = new URL(url).hostname;
    } catch {
      // not a URL at all: refused as such
    }
    if (host !== null) expect(isLoopback(host)).toBe(false);
    expect(baseUrlProblem(url)?.rule).toMatch(/^(https|absolute_url|no_credentials)$/);
  });
});

describe('a refusal never repeats a credential', () => {
  test.each([
    ['credentials in a URL that parses', 'https://admin:hunter2@api.example.com/v1', 'hunter2'],
    [
      'credentials in a URL that does not parse (a space)',
      'https://admin:hunter2@api example.com/v1',
      'hunter2',
    ],
    ['credentials before a bad port', 'https://admin:hunter2@api.example.com:99999/v1', 'hunter2'],
    [
      'a user name alone, in a URL that does not parse',
      'https://deploy-bot-secret@exa mple.com/v1',
      'deploy-bot-secret',
    ],
  ])('%s', (_what, url, secret) => {
    const problem = baseUrlProblem(url, '--base-url');
    expect(problem).not.toBeNull();
    expect(problem!.message).toMatch(/^--base-url must/);
    expect(problem!.message).not.toContain(secret);
  });

  test('still shows enough of a URL without credentials to see the mistake', () => {
    expect(baseUrlProblem('api.example.com/v1', '--base-url')!.message).toContain('"api.example.com/v1"');
    expect(baseUrlProblem('https://admin:pw@api example.com/v1', '--base-url')!.message).toContain(
      'api example.com/v1',
    );
  });

  test('the token given as the address (the variables swapped) is not repeated when the caller names it', () => {
    const problem = baseUrlProblem(TOKEN, 'UPTIME_BASE_URL', [TOKEN]);
    expect(problem!.message).toMatch(/^UPTIME_BASE_URL must be an absolute URL/);
    expect(problem!.message).not.toContain(TOKEN);
  });

  test("the provider's base_url diagnostic does not repeat the token given as the address", () => {
    let detail = '';
    try {
      providerBaseUrl(TOKEN, TOKEN);
    } catch (e) {
      detail = JSON.stringify(e);
      detail += (e as Error).message;
    }
    expect(detail).toMatch(/base_url must be an absolute URL/);
    expect(detail).not.toContain(TOKEN);
  });
});
