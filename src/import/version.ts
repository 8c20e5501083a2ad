// The package's own version (written into required_providers and the CDKTF app's package.json).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function readPackageVersion(): string {
  // src/import or dist/import → the package root
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
}
