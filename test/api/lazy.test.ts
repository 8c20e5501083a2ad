// The model's schemas are built on first use (src/api/lazy.ts): a lazy schema must be indistinguishable from the
// same schema built eagerly — same parse results, same issues and messages, same zod API (shape, extend, instanceof).
import { inspect } from 'node:util';
import { z } from 'zod';
import { describeIssues, MonitorCreate, Monitor, StatusPageUpdate } from '../../src/api/index.js';
import { lazySchema, lazySchemasBuilt, once } from '../../src/api/lazy.js';

/** A composite model in the style of src/api: nested schemas, refinements, transforms, defaults, strictness. */
function model(lazy: <T extends object>(b: () => T) => T) {
  const Code = lazy(() => z.number().int().min(100).max(599));
  const Header = lazy(() =>
    z
      .object({
        name: z
          .string()
          .min(1)
          .regex(/^[A-Za-z-]+$/, 'must be a header name'),
        value: z.string().max(8).optional(),
      })
      .strict(),
  );
  const Kind = lazy(() => z.enum(['a', 'b']));
  const Query = lazy(() =>
    z
      .object({
        limit: z
          .string()
          .refine((v) => /^\d+$/.test(v), { message: 'must be digits', params: { rule: 'integer' } })
          .transform(Number)
          .pipe(z.number().max(50))
          .default(10),
      })
      .strict(),
  );
  const Body = lazy(() =>
    z
      .object({
        url: z.url({ protocol: /^https?$/ }),
        codes: z.array(Code).max(3),
        headers: z.array(Header),
        kind: Kind,
        nested: z.object({ on: z.boolean(), kind: Kind.nullable() }).partial(),
        when: z.iso.datetime({ offset: true }),
      })
      .partial()
      .extend({ url: z.url() })
      .strict()
      .refine((v) => !v.kind || v.kind !== 'b' || !!v.headers?.length, {
        message: 'kind b needs a header',
        params: { rule: 'needs_header' },
      }),
  );
  return { Code, Header, Kind, Query, Body };
}

const INPUTS: unknown[] = [
  { url: 'https://x.example' },
  { url: 'ftp://x' },
  { url: 'https://x.example', codes: [200, 99, 600, 'x'], kind: 'c' },
  { url: 'https://x.example', codes: [200, 201, 202, 203] },
  { url: 'https://x.example', headers: [{ name: 'X-A', value: 'too long value' }, { name: '' }, { bad: 1 }] },
  { url: 'https://x.example', kind: 'b' },
  { url: 'https://x.example', nested: { on: 'yes', kind: null, extra: 1 } },
  { url: 'https://x.example', when: '2026-01-01T00:00:00Z', unknown: true },
  { when: 'yesterday' },
  null,
  'string',
  [],
];

describe('lazySchema', () => {
  const eager = model((b) => b());
  const lazy = model(lazySchema);

  test.each(INPUTS.map((i) => [JSON.stringify(i), i]))(
    'parse of %s: same result, issues and messages as the eager schema',
    (_, input) => {
      const a = eager.Body.safeParse(input);
      const b = lazy.Body.safeParse(input);
      expect(b.success).toBe(a.success);
      expect(b.data).toEqual(a.data);
      expect(JSON.parse(JSON.stringify(b.error?.issues ?? null))).toEqual(
        JSON.parse(JSON.stringify(a.error?.issues ?? null)),
      );
      expect(b.error?.message).toBe(a.error?.message);
      if (a.error) expect(describeIssues(b.error!.issues)).toEqual(describeIssues(a.error.issues));
    },
  );

  test('transforms, pipes and defaults give the same output', () => {
    for (const q of [{}, { limit: '7' }, { limit: '70' }, { limit: '-1' }, { limit: 3 }]) {
      const a = eager.Query.safeParse(q);
      const b = lazy.Query.safeParse(q);
      expect(b).toEqual(a);
    }
    expect(lazy.Query.parse({})).toEqual({ limit: 10 });
    expect(() => lazy.Query.parse({ limit: 'x' })).toThrow(z.ZodError);
  });

  test('is built once, on first use, and behaves as the zod schema it builds', () => {
    let builds = 0;
    const before = lazySchemasBuilt();
    const S = lazySchema(() => {
      builds++;
      return z.object({ a: z.string(), b: z.number().optional() }).strict();
    });
    expect(builds).toBe(0);
    expect(S instanceof z.ZodObject).toBe(true);
    expect(S instanceof z.ZodType).toBe(true);
    expect(builds).toBe(1);
    expect(lazySchemasBuilt()).toBe(before + 1);
    expect(Object.keys(S.shape)).toEqual(['a', 'b']);
    expect(S.shape.a.safeParse('x').success).toBe(true);
    expect(S.extend({ c: z.boolean() }).safeParse({ a: 'x', c: true }).success).toBe(true);
    expect(S.partial().safeParse({}).success).toBe(true);
    expect(S.optional().safeParse(undefined).success).toBe(true);
    expect(z.array(S).safeParse([{ a: 'x' }, { a: 1 }]).success).toBe(false);
    expect('shape' in S).toBe(true);
    expect(S.describe('d').description).toBe('d');
    expect(Object.keys(S)).toEqual(expect.arrayContaining(['def', 'type']));
    expect(Object.getOwnPropertyNames(S)).toContain('_zod');
    expect(Object.getOwnPropertyDescriptor(S, '_zod')?.value).toBe(S._zod);
    expect(builds).toBe(1);
  });

  test('console.log / util.inspect show the built schema', () => {
    const S = lazySchema(() => z.object({ a: z.string() }));
    expect(inspect(S, { depth: 0 })).toBe(inspect(z.object({ a: z.string() }), { depth: 0 }));
  });

  test('once computes on the first call only', () => {
    let n = 0;
    const f = once(() => ({ n: ++n }));
    expect(n).toBe(0);
    expect(f()).toBe(f());
    expect(n).toBe(1);
  });
});

describe('the lazy API model', () => {
  test('keeps its words: monitor write bodies', () => {
    const r = MonitorCreate.safeParse({
      url: 'https://user:pw@example.com',
      intervalSeconds: 61,
      requestHeaders: [{ name: 'bad name', value: 'a\nb' }],
      authConfig: { type: 'basic', username: 'a:b' },
      surprise: 1,
    });
    expect(r.success).toBe(false);
    expect(describeIssues(r.error!.issues)).toEqual([
      {
        field: 'url',
        rule: 'no_credentials',
        message: 'url must not contain credentials (user:password@host); use authConfig (basic auth) instead',
      },
      {
        field: 'intervalSeconds',
        rule: 'one_of',
        message: 'intervalSeconds must be one of 60, 300, 900, 1800, 3600',
        allowed: [60, 300, 900, 1800, 3600],
      },
      {
        field: 'requestHeaders[0].name',
        rule: 'format',
        message: "requestHeaders[0].name must be an HTTP header name (letters, digits and !#$%&'*+.^_`|~-)",
      },
      {
        field: 'requestHeaders[0].value',
        rule: 'format',
        message:
          'requestHeaders[0].value must be an HTTP header value: no control characters such as CR, LF or NUL',
      },
      {
        field: 'authConfig.username',
        rule: 'format',
        message:
          'authConfig.username must not contain ":" or control characters (Basic auth separates user and password with ":")',
      },
      { field: 'surprise', rule: 'unknown_field', message: 'unknown field "surprise" is not accepted' },
    ]);
  });

  test('keeps its words: whole-body rules and response shapes', () => {
    const r = StatusPageUpdate.safeParse({});
    expect(describeIssues(r.error!.issues)).toEqual([
      {
        field: 'body',
        rule: 'at_least_one',
        message: 'at least one of enabled, title, description, noindex, displayOptions is required',
      },
    ]);
    expect(Monitor.safeParse({ id: 'x' }).success).toBe(false);
    expect(Object.keys(Monitor.shape)).toContain('slowResponse');
  });
});
