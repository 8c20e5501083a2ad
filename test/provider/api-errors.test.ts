// The one path from an API failure to a diagnostic (src/provider/api-errors.ts), fed the client's own typed errors
// as the transport makes them (errorForStatus), never a look-alike object.
import {
  errorForStatus,
  NetworkError,
  OutcomeUnknownError,
  ServerError,
  type ApiError,
} from '../../src/client/index.js';
import { apiFailure } from '../../src/provider/api-errors.js';
import { DiagnosticError } from '../../src/protocol/diagnostics.js';

const ID = '3f2b8c1e-0000-4000-8000-000000000000';
const OTHER = '9a0b8c1e-1111-4000-8000-000000000001';

function answer(
  status: number,
  body: unknown = null,
  method = 'PATCH',
  pathTemplate = '/monitors/{monitorId}',
) {
  return errorForStatus({
    method,
    pathTemplate,
    path: pathTemplate.replace('{monitorId}', ID),
    status,
    requestId: 'req_42',
    body,
    retryable: false,
    retryAfterSeconds: null,
  });
}
const coded = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
  error: { code, message, ...extra },
});

describe('a monitor, its alert settings or its status page', () => {
  test.each(['monitor', 'alert settings', 'status page'] as const)(
    '%s: 412 is a change outside Terraform, 404 a monitor that is gone',
    (object) => {
      const changed = apiFailure('Update failed', answer(412), { object, monitorId: ID });
      expect(changed.summary).toMatch(/changed outside Terraform$/);
      const gone = apiFailure('Update failed', answer(404), { object, monitorId: ID });
      expect([gone.summary, gone.detail]).toEqual([
        'Monitor not found',
        `monitor ${ID} does not exist or is not accessible to this token.`,
      ]);
    },
  );

  test('a read that named the monitor: the 404 is on the attribute that named it', () => {
    const d = apiFailure('Read failed', answer(404, null, 'GET'), {
      object: 'status page',
      monitorId: ID,
      attribute: 'monitor_id',
    });
    expect([d.summary, d.path]).toEqual(['Monitor not found', ['monitor_id']]);
  });

  test('a status page answered 409 with a code that is not one of ours: the dashboard setup it needs', () => {
    for (const body of [coded('setup_needed', 'finish the setup first'), null]) {
      const d = apiFailure('Update failed', answer(409, body), { object: 'status page', monitorId: ID });
      expect(d.summary).toBe('Status page needs dashboard setup');
      expect(d.detail).toContain(
        `The status page of monitor ${ID} cannot be changed through the API yet: PATCH`,
      );
    }
    const ours = apiFailure('Update failed', answer(409, coded('dashboard_setup_required', 'set it up')), {
      object: 'status page',
      monitorId: ID,
    });
    expect(ours.summary).toBe('Status page needs dashboard setup');
    const other = apiFailure('Update failed', answer(409, coded('idempotency_conflict', 'key reused')), {
      object: 'status page',
      monitorId: ID,
    });
    expect(other.summary).toBe('Update failed');
  });

  test("a monitor's 409 by its reason", () => {
    const about = { object: 'monitor', monitorId: ID } as const;
    expect(apiFailure('Update failed', answer(409, coded('invalid_state', 'archived')), about).summary).toBe(
      'Monitor in an unexpected state',
    );
    expect(apiFailure('Update failed', answer(409, coded('plan_capacity', 'full')), about).summary).toBe(
      'Monitor capacity reached',
    );
    const dup = apiFailure(
      'Update failed',
      answer(409, coded('duplicate_monitor', 'exists', { existingMonitorId: OTHER })),
      about,
    );
    expect(dup.summary).toBe('Monitor already exists');
    expect(dup.detail).toContain(`(id ${OTHER})`);
    // Alert settings have no such reasons: the client's words.
    expect(
      apiFailure('Update failed', answer(409, coded('plan_capacity', 'full')), {
        object: 'alert settings',
        monitorId: ID,
      }).summary,
    ).toBe('Update failed');
  });

  test('a write rejected with field details lists them; a read answered so is reported as it is', () => {
    const details = [{ field: 'intervalSeconds', rule: 'minimum', message: 'must be at least 30' }];
    const body = coded('validation_failed', 'invalid', { details });
    const write = apiFailure('Update failed', answer(422, body), { object: 'alert settings', monitorId: ID });
    expect(write.summary).toBe('Alert settings rejected by the service');
    expect(write.detail).toBe('must be at least 30 (rule: minimum).');
    const read = apiFailure('Read failed', answer(400, body, 'GET'), { object: 'monitor', monitorId: ID });
    expect(read.summary).toBe('Read failed');
  });
});

describe('a monitor create', () => {
  const creating = { url: 'https://api.example.com/health', name: 'API' };
  test('the monitor already holding its URL and method is named with what was read of it', () => {
    const d = apiFailure('Create failed', answer(409, null, 'POST', '/monitors'), {
      creating,
      existing: { id: OTHER, name: 'Old', url: creating.url, createdAt: '2025-01-01T00:00:00Z' },
    });
    expect(d.summary).toBe('Monitor already exists');
    expect(d.detail).toContain(
      `(name "Old", id ${OTHER}, GET "https://api.example.com/health", created 2025-01-01T00:00:00Z)`,
    );
    expect(d.detail).toContain('npx uptimectl adopt');
  });

  test('a duplicate whose holder was not found still names the id the service gave, or says it is unknown', () => {
    const named = apiFailure(
      'Create failed',
      answer(409, coded('duplicate_monitor', `monitor ${OTHER} has this URL`), 'POST', '/monitors'),
      { creating },
    );
    expect(named.detail).toContain(`(id ${OTHER})`);
    const bare = apiFailure('Create failed', answer(409, null, 'POST', '/monitors'), { creating });
    expect(bare.summary).toBe('Create failed');
  });

  test('an outcome that stayed unknown: the monitor may exist, and how to find it', () => {
    const ctx = { method: 'POST', pathTemplate: '/monitors', path: '/monitors' };
    const lost = new NetworkError({ ...ctx, retryable: true, cause: 'timed out', outcomeUnknown: true });
    const replayed = new OutcomeUnknownError(
      new ServerError({ ...ctx, status: 503, requestId: null, body: null, retryable: true }),
      600_000,
      12,
    );
    for (const e of [lost, replayed]) {
      const d = apiFailure('Create failed', e, { creating });
      expect(d.summary).toBe('Monitor may have been created');
      expect(d.detail).toContain('GET "https://api.example.com/health" named "API"');
    }
    const refused = new NetworkError({ ...ctx, retryable: true, cause: 'refused', outcomeUnknown: false });
    expect(apiFailure('Create failed', refused, { creating }).summary).toBe('Create failed');
  });
});

describe("the provider's first call", () => {
  const service = { service: true } as const;
  const first = (status: number) =>
    apiFailure(
      'Cannot reach the Monitoring Service API',
      answer(status, null, 'GET', '/capabilities'),
      service,
    );
  test('401, 404 and 403 point at the attribute to fix; 429 at the waiting bound', () => {
    expect([first(401).summary, first(401).path]).toEqual(['API token rejected', ['token']]);
    expect([first(404).summary, first(404).path]).toEqual([
      'Monitoring Service API not found at base_url',
      ['base_url'],
    ]);
    expect(first(404).detail).toMatch(/^GET \/capabilities failed: 404 .*must end in \/v1/);
    expect([first(403).summary, first(403).path]).toEqual(['API token not usable', ['token']]);
    expect(first(403).detail).toContain('see the `uptime_capabilities` data source');
    expect(first(429).summary).toBe('Waiting for the API rate limit reached its bound');
    expect(first(503).summary).toBe('Cannot reach the Monitoring Service API');
  });
});

describe('anything else', () => {
  test("the client's words, the request id and advice", () => {
    const d = apiFailure('Listing monitors failed', answer(401, null, 'GET', '/monitors'));
    expect(d.summary).toBe('Listing monitors failed');
    expect(d.detail).toMatch(/^GET \/monitors failed: 401 .*\[request id req_42\]\. Check the token/);
  });

  test('a DiagnosticError passes as it is; other errors, look-alikes included, are not API errors', () => {
    const own = new DiagnosticError('Mine', 'as it is');
    expect(apiFailure('Read failed', own)).toBe(own);
    const lookAlike = Object.assign(new Error('not from the client'), { status: 404 }) as unknown as ApiError;
    const d = apiFailure('Read failed', lookAlike, { object: 'monitor', monitorId: ID });
    expect([d.summary, d.detail]).toEqual(['Read failed', 'not from the client']);
  });
});
