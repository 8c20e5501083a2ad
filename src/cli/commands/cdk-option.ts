// `--cdk <library>`: the CDK library a generated CDKTF module imports from (`uptimectl import --format cdktf`,
// `uptimectl adopt --format cdktf`). The names and the default are src/import/cdktf-project.ts's. The option has no
// commander default, so a command can tell "not given": import then keeps the library an earlier run wrote with.
import { Option } from 'commander';
import { CDK_LIBRARIES, DEFAULT_CDK_LIBRARY, type CdkLibrary } from '../../import/cdktf-project.js';

export interface CdkOptions {
  cdk?: CdkLibrary;
}

const NAMES: Record<CdkLibrary, string> = { cdktn: 'CDK Terrain', cdktf: 'HashiCorp CDKTF 0.21' };

/** `--cdk <library>`; `note` is what the command adds about it (help text). */
export function cdkLibraryOption(note = ''): Option {
  const each = CDK_LIBRARIES.map(
    (l) => `${l} (${NAMES[l]}${l === DEFAULT_CDK_LIBRARY ? ', default' : ''})`,
  ).join(' or ');
  return new Option(
    '--cdk <library>',
    `the library the CDKTF app is written against: ${each}${note}`,
  ).choices(CDK_LIBRARIES);
}

/** The library asked for, else the default. */
export const cdkLibrary = (opts: CdkOptions): CdkLibrary => opts.cdk ?? DEFAULT_CDK_LIBRARY;
