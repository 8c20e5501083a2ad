import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ENDPOINTS } from '../../src/api/index.js';
import { UptimeClient } from '../../src/client/index.js';

// The spec sits beside the repository (shared/ next to the clone), as in CI.
const SPEC = path.resolve(__dirname, '../../../shared/spec/monitoring-api-v1.md');

interface SpecRow {
  method: string;
  path: string;
  access: string;
}

function specRows(): SpecRow[] {
  const rows: SpecRow[] = [];
  for (const line of readFileSync(SPEC, 'utf8').split('\n')) {
    const m = /^\|\s*(GET|POST|PATCH|PUT|DELETE)\s*\|\s*(\/\S*)\s*\|\s*([^|]*)\|/.exec(line);
    if (m) rows.push({ method: m[1]!, path: m[2]!, access: m[3]!.trim() });
  }
  return rows;
}

describe("the spec's endpoint table", () => {
  const rows = specRows();
  const client = new UptimeClient({ baseUrl: 'https://api.uptime.test/v1', token: 'upt_x' });

  test('is read from the spec (30 rows)', () => {
    expect(rows).toHaveLength(30);
  });

  test.each(rows.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s has an ENDPOINTS row and a client method',
    (_n, row) => {
      const ep = ENDPOINTS.find((e) => e.method === row.method && e.path === row.path);
      expect(ep).toBeDefined();
      expect(typeof (client as unknown as Record<string, unknown>)[ep!.operation]).toBe('function');
      expect(ep!.idempotencyKey).toBe(/\bIK\b/.test(row.access));
      expect(ep!.ifMatch).toBe(/\bIM\b/.test(row.access));
      if (row.access === 'none') expect(ep!.scopes).toBe('none');
      for (const scope of row.access.match(/[a-z-]+:[a-z]+/g) ?? []) expect(ep!.scopes).toContain(scope);
    },
  );

  test('ENDPOINTS has no row the spec lacks', () => {
    for (const ep of ENDPOINTS)
      expect(rows.some((r) => r.method === ep.method && r.path === ep.path)).toBe(true);
  });
});
