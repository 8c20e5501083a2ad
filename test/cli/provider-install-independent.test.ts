// Independent checks of the Windows forms of `uptimectl provider install` (src/cli/provider-install.ts), from
// cmd.exe's and Terraform's rules: the batch launcher is ASCII whatever the paths (cmd.exe reads a batch file in the
// console's code page), naming a non-ASCII path through the profile folder that holds it; a path it cannot name so
// is refused with a message that says what to do. Run under cmd.exe: provider-launcher-windows-e2e.test.ts.
import { launcherScript } from '../../src/cli/provider-install.js';

const ENV = {
  USERPROFILE: 'C:\\Users\\José',
  APPDATA: 'C:\\Users\\José\\AppData\\Roaming',
  LOCALAPPDATA: 'C:\\Users\\José\\AppData\\Local',
};

describe('the Windows launcher names every path in ASCII', () => {
  test('through the longest profile folder that holds it, matched as Windows matches paths (any case)', () => {
    const { text } = launcherScript(
      'C:\\Users\\José\\AppData\\Local\\nvm\\v22\\node.exe',
      'c:\\users\\JOSÉ\\AppData\\Roaming\\npm\\node_modules\\terraform-provider-uptime\\dist\\x.cjs',
      'win32',
      ENV,
    );
    expect(text).toBe(
      '@"%LOCALAPPDATA%\\nvm\\v22\\node.exe" "%APPDATA%\\npm\\node_modules\\terraform-provider-uptime\\dist\\x.cjs" %*\r\n',
    );
  });

  test('a folder only starts a path at a separator: C:\\Users\\JoséX is not in C:\\Users\\José', () => {
    expect(() => launcherScript('C:\\nodejs\\node.exe', 'C:\\Users\\JoséX\\x.cjs', 'win32', ENV)).toThrow(
      /C:\\Users\\JoséX\\x\.cjs has characters outside ASCII/,
    );
  });

  test('% after the folder is still doubled; an ASCII path is written as it is', () => {
    const { text } = launcherScript(
      'C:\\Program Files\\nodejs\\node.exe',
      'C:\\Users\\José\\100% & more\\x.cjs',
      'win32',
      ENV,
    );
    expect(text).toBe('@"C:\\Program Files\\nodejs\\node.exe" "%USERPROFILE%\\100%% & more\\x.cjs" %*\r\n');
  });

  test.each([
    ['outside every profile folder', 'D:\\Überwachung\\x.cjs', ENV],
    [
      'in a profile folder, with more non-ASCII after it',
      'C:\\Users\\José\\Projekte\\Überwachung\\x.cjs',
      ENV,
    ],
    ['with no profile variables known', 'C:\\Users\\José\\x.cjs', {}],
  ])('refused %s, naming the path and the way out', (_what, bundle, env) => {
    expect(() => launcherScript('C:\\nodejs\\node.exe', bundle, 'win32', env)).toThrow(
      new RegExp(
        `${bundle.replace(/\\/g, '\\\\')} has characters outside ASCII.*--from <release-dir>.*folder whose path is ASCII`,
      ),
    );
  });

  test('elsewhere a non-ASCII path is written as it is (sh reads bytes)', () => {
    expect(launcherScript('/usr/bin/node', '/home/josé/x.cjs', 'linux', ENV).text).toBe(
      `#!/bin/sh\nexec '/usr/bin/node' '/home/josé/x.cjs' "$@"\n`,
    );
  });
});
