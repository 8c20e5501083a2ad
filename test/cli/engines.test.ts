// `npm ci` on Node 20 prints no EBADENGINE warning for what users install: every runtime dependency in the lock file
// accepts this Node (package.json pins light-my-request's cookie to 1.x: cookie 2 wants Node >= 22).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { REPO_ROOT } from '../helpers/build.js';

test('every runtime dependency accepts the Node version the package supports', () => {
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; optional?: boolean; engines?: { node?: string } | string[] }>;
  };
  const supported = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).engines.node as string;
  const lowest = semver.minVersion(supported)!.version;
  const refusing: string[] = [];
  for (const [path, p] of Object.entries(lock.packages)) {
    if (!path || p.dev || Array.isArray(p.engines) || !p.engines?.node) continue;
    for (const v of [lowest, process.version])
      if (!semver.satisfies(v, p.engines.node, { includePrerelease: true }))
        refusing.push(`${path} (node ${p.engines.node}) on ${v}`);
  }
  expect(refusing).toEqual([]);
});
