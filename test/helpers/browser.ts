// Real-browser helper: Debian's Chromium driven by playwright-core (no browser download). With CI=true a missing
// Chromium is a failure (CI installs it: .ci/run); elsewhere the caller skips with a notice, as for terraform.
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { refuseInUnitFile } from './unit-guard.js';

/** Debian's package puts the browser here; UPTIME_CHROMIUM points elsewhere (another distribution, a Mac). */
export function chromiumPath(): string {
  return process.env.UPTIME_CHROMIUM ?? '/usr/bin/chromium';
}

/** True when Chromium can run here. With CI=true a missing browser throws: CI never skips the browser tests. */
export function chromiumAvailable(): boolean {
  refuseInUnitFile('Chromium');
  if (existsSync(chromiumPath())) return true;
  if (process.env.CI === 'true' || process.env.CI === '1')
    throw new Error(
      `Chromium is not at ${chromiumPath()}, but CI=true: the browser tests cannot be skipped in CI`,
    );
  process.stdout.write(`NOTICE: Chromium not found at ${chromiumPath()}: skipping browser tests\n`);
  return false;
}

// Without the background-networking flags Chromium tries to reach Google's hosts at every start, which this
// machine's closed network refuses; a fresh profile keeps runs independent.
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface RunningBrowser {
  browser: Browser;
  /**
   * A fresh context at a viewport (desktop 1280x800 unless told). `bypassCSP`: ignore the pages'
   * Content-Security-Policy, so a test can inject a script (axe-core) and prove escaping rather than the policy.
   */
  context(
    viewport?: { width: number; height: number },
    options?: { isMobile?: boolean; bypassCSP?: boolean },
  ): Promise<BrowserContext>;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<RunningBrowser> {
  const { chromium } = await import('playwright-core');
  // playwright gives each launch a fresh temporary profile of its own and removes it on close.
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: FLAGS });
  return {
    browser,
    context: (viewport = { width: 1280, height: 800 }, options = {}) =>
      browser.newContext({
        viewport,
        isMobile: options.isMobile,
        bypassCSP: options.bypassCSP,
        deviceScaleFactor: 1,
      }),
    close: () => browser.close().catch(() => undefined),
  };
}

/**
 * Where screenshots go: UPTIME_ARTIFACTS (CI sets it to artifacts/ in the clone), else a temporary folder.
 * Returns the folder, created.
 */
export function artifactsDir(sub: string): string {
  const base = process.env.UPTIME_ARTIFACTS ?? join(tmpdir(), 'uptime-artifacts');
  const dir = join(base, sub);
  mkdirSync(dir, { recursive: true });
  return dir;
}
