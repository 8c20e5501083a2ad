// The backtest chart is valid Mermaid, proven in a real browser: the report's own block is rendered by the `mermaid`
// package (from node_modules) in headless Chromium, and the SVG must hold the response-time line and the two
// threshold lines, with no parse error. Also: the chart stays small (a fixed number of points however long the
// history), so a report with backtests keeps the comment budget. Wall time ≈ 5 s.
import { join } from 'node:path';
import type { Backtest } from '../../src/plan-report/backtest.js';
import { DEFAULT_BUDGET } from '../../src/plan-report/render.js';
import {
  backtestMarkdown,
  CHART_POINTS,
  chartPoints,
  mermaidChart,
} from '../../src/plan-report/render-probe.js';
import { artifactsDir, chromiumAvailable, launchChromium, type RunningBrowser } from '../helpers/browser.js';
import { REPO_ROOT } from '../helpers/build.js';
import { heavyE2eEnabled } from '../helpers/terraform.js';

// a browser suite: once per CI run (the heavy runtime), like the real-Terraform matrices
const describeBrowser = heavyE2eEnabled() && chromiumAvailable() ? describe : describe.skip;

function sample(checks: number): Backtest {
  const times = Array.from({ length: checks }, (_, i) => (i % 17 === 5 ? null : 200 + ((i * 37) % 2300)));
  const counts = { checks, down: 3, slow: 10, availabilityAlerts: 1, performanceAlerts: 2 };
  return {
    stack: 'main',
    address: 'uptime_monitor.api',
    name: 'API',
    monitorId: 'm',
    source: 'checks',
    period: { from: '2030-03-01T00:00:00.000Z', to: '2030-03-08T00:00:00.000Z' },
    checkCount: checks,
    old: {
      slow: { enabled: true, thresholdMs: 3000, consecutiveLimit: 3 },
      acceptedStatusCodes: [],
      timeoutMs: 10000,
    },
    new: {
      slow: { enabled: true, thresholdMs: 1000, consecutiveLimit: 2 },
      acceptedStatusCodes: [],
      timeoutMs: 10000,
    },
    oldCounts: counts,
    newCounts: { ...counts, slow: 400, performanceAlerts: 37 },
    responseTimes: times,
    note: null,
  };
}

/** The summary fallback of a monitor whose checks all fall in the last of 28 periods; slow alerts off today. */
function summarySample(): Backtest {
  const b = sample(30);
  return {
    ...b,
    source: 'summary',
    period: { from: '2030-02-22T00:30:00.000Z', to: '2030-03-01T00:30:00.000Z' },
    old: { ...b.old, slow: { enabled: false, thresholdMs: 5000, consecutiveLimit: 3 } },
    oldCounts: null,
    newCounts: null,
    responseTimes: [...Array<null>(27).fill(null), 812],
  };
}

test('the chart has a fixed number of points, the slowest answer of each bucket', () => {
  expect(chartPoints([1, 5, 2, null, null, 3], 3)).toEqual([5, 2, 3]);
  expect(chartPoints([4, null], 3)).toEqual([4, null]);
  const b = sample(2000);
  expect(chartPoints(b.responseTimes)).toHaveLength(CHART_POINTS);
  // ~1 kB of chart per backtested monitor: dozens fit the comment budget, and sections that do not fit are cut
  expect(backtestMarkdown(b).length).toBeLessThan(2_000);
  expect(backtestMarkdown(b).length * 25).toBeLessThan(DEFAULT_BUDGET);
});

describeBrowser('Mermaid renders the chart in Chromium', () => {
  let browser: RunningBrowser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(() => browser?.close());

  test('a long history (bucketed), a short one and the summary with gaps: bars, threshold lines, light gap columns, no parse error', async () => {
    const page = await (await browser.context()).newPage();
    await page.setContent('<!doctype html><html><body><div id="out"></div></body></html>');
    // mermaid from node_modules, loaded once (its bundle is large; this machine is shared)
    await page.addScriptTag({ path: join(REPO_ROOT, 'node_modules', 'mermaid', 'dist', 'mermaid.min.js') });
    // bars: one per point, drawn (height above 0) where the point has a value; gaps: light columns drawn;
    // lines: the thresholds of the rules that alert (today's is off in the summary sample)
    type Want = { gaps: number; bars: number; drawn: number; lines: number[] };
    const cases: [string, Backtest, Want][] = [
      ['2000', sample(2000), { gaps: 0, bars: CHART_POINTS, drawn: CHART_POINTS, lines: [1, 1] }],
      ['5', sample(5), { gaps: 0, bars: 5, drawn: 5, lines: [1, 1] }],
      ['summary', summarySample(), { gaps: 27, bars: 28, drawn: 1, lines: [1, 0] }],
    ];
    for (const [n, b, want] of cases) {
      const block = backtestMarkdown(b);
      const source = /```mermaid\n([\s\S]*?)\n```/.exec(block)![1]!;
      expect(source).toBe(mermaidChart(b).split('\n').slice(1, -1).join('\n'));
      const result = await page.evaluate(
        async ({ src, id, gaps }) => {
          const w = globalThis as any; // the page's window
          const m = w.mermaid;
          m.initialize({ startOnLoad: false, securityLevel: 'strict' });
          try {
            await m.parse(src);
            const { svg } = await m.render(id, src);
            w.document.getElementById('out').innerHTML = svg;
            const root = w.document.querySelector('#out svg');
            // Mermaid draws a bar of 0 as a stub of a few pixels under the axis' 0 (the gap columns hold 0s where
            // there is no gap): a bar "drawn" is taller
            const heights = (i: number): number[] =>
              [...root.querySelectorAll(`.bar-plot-${i} rect`)].map((r: any) =>
                Number(r.getAttribute('height')),
              );
            const stub = gaps ? Math.min(...heights(1)) : 0;
            const tall = (i: number) => heights(i).filter((h) => h > stub + 1).length;
            return {
              ok: true,
              // the response-time bars first, then the light gap columns over them (where there are gaps)
              bars: root.querySelectorAll('.bar-plot-0 rect').length,
              drawn: tall(0),
              gaps: gaps ? tall(1) : 0,
              // then the threshold lines
              lines: [1, 2].map((i) => root.querySelectorAll(`.line-plot-${i + (gaps ? 1 : 0)} path`).length),
              title: root.textContent ?? '',
              error: root.textContent?.includes('Syntax error') ?? false,
            };
          } catch (e) {
            return { ok: false, message: String((e as Error).message ?? e) };
          }
        },
        { src: source, id: `chart${n}`, gaps: want.gaps > 0 },
      );
      expect(result).toMatchObject({ ok: true, ...want, error: false });
      expect((result as { title: string }).title).toContain(`Response time (ms), ${b.checkCount} checks`);
      await page.screenshot({ path: join(artifactsDir('plan-report'), `backtest-chart-${n}.png`) });
    }
    await page.close();
  }, 90_000);
});
