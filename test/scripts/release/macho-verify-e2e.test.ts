// The Mach-O signature checker the release tests trust (test/helpers/macho-verify.ts), proven on signed binaries
// that npm packages ship (Developer ID, Go's linker, Apple's ld64, `codesign --sign -`) and on copies of them with one
// byte changed, including the signer bugs that made macOS kill binaries (last page zero-padded, codeLimit short of
// the signature).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { verifyMachO } from '../../helpers/macho-verify.js';
import { REFERENCES, referencePath, type ReferenceName } from '../../helpers/macho-references.js';

const files = new Map<ReferenceName, Buffer>();
const read = (name: ReferenceName) => files.get(name)!;

beforeAll(() => {
  for (const name of Object.keys(REFERENCES) as ReferenceName[])
    files.set(name, readFileSync(referencePath(name)));
}, 300_000);

/** A copy with the byte at `offset` changed. */
function flipped(file: Buffer, offset: number): Buffer {
  const copy = Buffer.from(file);
  copy[offset] = copy[offset]! ^ 0x01;
  return copy;
}

/** The file offset of the first load command `cmd`. */
function loadCommand(file: Buffer, cmd: number): number {
  for (let i = 0, at = 32; i < file.readUInt32LE(16); i++, at += file.readUInt32LE(at + 4))
    if (file.readUInt32LE(at) === cmd) return at;
  throw new Error(`no load command 0x${cmd.toString(16)}`);
}

/** The CodeDirectory in slot 0: its file offset and the fields the tests change. */
function codeDirectory(file: Buffer) {
  const [slice] = verifyMachO(file);
  const sig = slice!.signatureOffset;
  const count = file.readUInt32BE(sig + 8);
  for (let i = 0; i < count; i++)
    if (file.readUInt32BE(sig + 12 + i * 8) === 0) {
      const at = sig + file.readUInt32BE(sig + 16 + i * 8);
      return {
        at,
        hashOffset: file.readUInt32BE(at + 16),
        nCodeSlots: file.readUInt32BE(at + 28),
        codeLimit: file.readUInt32BE(at + 32),
        pageSize: 2 ** file.readUInt8(at + 39),
      };
    }
  throw new Error('no CodeDirectory');
}

describe('the Mach-O signature checker', () => {
  test.each([
    ['nodeArm64', 'arm64', 2],
    ['nodeX64', 'x86_64', 2],
  ] as const)(
    'accepts the official Node binary %s (Developer ID: CMS, requirements, entitlements)',
    (name, arch, fileType) => {
      const [slice] = verifyMachO(read(name));
      expect(slice).toMatchObject({ arch, fileType, cms: true, blobs: [0, 2, 5, 7, 0x10000] });
      const [cd] = slice!.codeDirectories;
      expect(cd).toMatchObject({
        hash: 'sha256',
        pageSize: 4096,
        identifier: 'node',
        codeLimit: slice!.signatureOffset,
        execSegBase: 0,
        execSegFlags: 1,
        // The requirements and both entitlements blobs are hashed in the special slots.
        specialSlotsChecked: [2, 5, 7],
      });
      // Hardened runtime (0x10000): what a Developer ID build carries, and what the ad-hoc signature drops.
      expect(cd!.flags & 0x10000).toBe(0x10000);
    },
  );

  test("accepts Go's and ld64's linker signatures and codesign's ad-hoc signature of a dylib", () => {
    expect(verifyMachO(read('esbuildArm64'))[0]!.codeDirectories[0]).toMatchObject({
      flags: 0x20002,
      identifier: 'a.out',
      pageSize: 4096,
      execSegFlags: 1,
    });
    expect(verifyMachO(read('biomeArm64'))[0]!.codeDirectories[0]).toMatchObject({
      flags: 0x20002,
      identifier: 'biome',
    });
    const [swc] = verifyMachO(read('swcArm64'));
    expect(swc).toMatchObject({ arch: 'arm64', fileType: 6 /* MH_DYLIB */, cms: false });
    expect(swc!.codeDirectories[0]).toMatchObject({
      flags: 0x2,
      pageSize: 16384,
      execSegFlags: 0,
      specialSlotsChecked: [2],
    });
  });

  test('refuses an unsigned binary', () => {
    expect(() => verifyMachO(read('esbuildX64'))).toThrow('no LC_CODE_SIGNATURE: the file is not signed');
  });

  test.each(['esbuildArm64', 'swcArm64', 'biomeArm64', 'nodeArm64'] as const)(
    'a copy of %s with one byte changed fails, naming the page',
    (name) => {
      const file = read(name);
      const { codeLimit, pageSize, nCodeSlots } = codeDirectory(file);
      // In the middle of the code, in the last (partial) page, and in the header page (the padding after the load
      // commands, which no parser reads).
      const padding = 32 + file.readUInt32LE(20) + 4;
      const positions = [Math.floor(codeLimit / 2), codeLimit - 1, padding];
      for (const offset of positions) {
        const page = Math.floor(offset / pageSize);
        expect(() => verifyMachO(flipped(file, offset))).toThrow(
          new RegExp(`^page ${page} of ${nCodeSlots} \\(file bytes 0x${(page * pageSize).toString(16)}–`),
        );
      }
      expect(padding).toBeLessThan(pageSize);
    },
  );

  test('a changed page hash fails on that page; a changed special slot or blob fails too', () => {
    const file = read('swcArm64');
    const { at, hashOffset } = codeDirectory(file);
    expect(() => verifyMachO(flipped(file, at + hashOffset + 7 * 32 + 5))).toThrow(/^page 7 of /);
    // Special slot -2 (the requirements blob's hash).
    expect(() => verifyMachO(flipped(file, at + hashOffset - 2 * 32))).toThrow(
      'special slot -2 does not match the hash of blob 0xfade0c01',
    );
  });

  test('catches the published signer bugs: last page zero-padded, codeLimit short of the signature', () => {
    const file = read('esbuildArm64');
    const { at, hashOffset, codeLimit, nCodeSlots, pageSize } = codeDirectory(file);
    expect(codeLimit % pageSize).not.toBe(0); // the last page is partial
    const last = nCodeSlots - 1;
    const padded = Buffer.alloc(pageSize);
    file.copy(padded, 0, last * pageSize, codeLimit);
    const bad = Buffer.from(file);
    createHash('sha256')
      .update(padded)
      .digest()
      .copy(bad, at + hashOffset + last * 32);
    expect(() => verifyMachO(bad)).toThrow(new RegExp(`^page ${last} of ${nCodeSlots} `));

    const short = Buffer.from(file);
    short.writeUInt32BE(codeLimit - 16, at + 32);
    expect(() => verifyMachO(short)).toThrow(`codeLimit ${codeLimit - 16} is not the signature's offset`);
  });

  test('refuses a signature that does not end the file, or that other __LINKEDIT data runs into', () => {
    const file = read('esbuildArm64');
    expect(() => verifyMachO(Buffer.concat([file, Buffer.alloc(16)]))).toThrow(/does not end the file/);
    // The string table grown into the signature.
    const grown = Buffer.from(file);
    const symtab = loadCommand(grown, 0x2);
    grown.writeUInt32LE(codeDirectory(file).codeLimit + 8 - grown.readUInt32LE(symtab + 16), symtab + 20);
    expect(() => verifyMachO(grown)).toThrow(
      /^LC_SYMTAB strings .* is outside __LINKEDIT before the signature/,
    );
  });

  test('checks the SEA segment and fuse only when asked, and says what is missing', () => {
    expect(() => verifyMachO(read('nodeArm64'), { sea: true })).toThrow('no NODE_SEA segment');
    expect(() => verifyMachO(read('nodeArm64'))).not.toThrow();
  });

  test('checks every slice of a universal file and names the slice', () => {
    const slices = [read('esbuildArm64'), read('swcArm64')];
    const header = Buffer.alloc(0x4000);
    header.writeUInt32BE(0xcafebabe, 0);
    header.writeUInt32BE(slices.length, 4);
    let offset = header.length;
    const parts: Buffer[] = [header];
    slices.forEach((slice, i) => {
      const aligned = Math.ceil(offset / 0x4000) * 0x4000;
      if (aligned > offset) parts.push(Buffer.alloc(aligned - offset));
      header.writeUInt32BE(0x0100000c, 8 + i * 20);
      header.writeUInt32BE(aligned, 8 + i * 20 + 8);
      header.writeUInt32BE(slice.length, 8 + i * 20 + 12);
      header.writeUInt32BE(14, 8 + i * 20 + 16);
      parts.push(slice);
      offset = aligned + slice.length;
    });
    const fat = Buffer.concat(parts);
    expect(verifyMachO(fat).map((s) => s.codeDirectories[0]!.identifier)).toEqual([
      'a.out',
      expect.stringMatching(/^carrier-/),
    ]);
    const second = header.readUInt32BE(8 + 20 + 8);
    expect(() => verifyMachO(flipped(fat, second + 0x8000))).toThrow(/^slice 1: page 2 of /);
  });
});
