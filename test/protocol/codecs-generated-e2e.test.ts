// The committed protocol codecs are what their generator makes: scripts/gen-proto-codecs.mjs run as the build runs
// it (the codecs' behaviour: codecs.test.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const repo = join(__dirname, '..', '..');

it('the committed codecs.ts is what scripts/gen-proto-codecs.mjs makes from the embedded definitions', () => {
  const generated = execFileSync(
    process.execPath,
    [join(repo, 'scripts', 'gen-proto-codecs.mjs'), '--stdout'],
    {
      cwd: repo,
      encoding: 'utf8',
    },
  );
  expect(generated).toBe(readFileSync(join(repo, 'src', 'protocol', 'proto', 'codecs.ts'), 'utf8'));
});
