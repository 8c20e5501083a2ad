// The ad-hoc signer of the macOS release executables (scripts/release/macho-sign.ts), checked by the independent
// checker (test/helpers/macho-verify.ts) on real binaries from npm packages and on small made-up Mach-O files that
// put it at its limits.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { MachOSignError, signAdHoc } from '../../../scripts/release/macho-sign.js';
import { verifyMachO } from '../../helpers/macho-verify.js';
import { referencePath } from '../../helpers/macho-references.js';

interface Made {
  /** Bytes between the end of the load commands and the first section. */
  room?: number;
  /** __LINKEDIT's size (the file ends with it). */
  linkedit?: number;
  /** A segment after __LINKEDIT in the file. */
  segmentAfterLinkedit?: boolean;
}

/** A minimal MH_EXECUTE: __PAGEZERO, __TEXT (one section right after the header's room), __LINKEDIT [, __DATA]. */
function machO({ room = 64, linkedit = 5003, segmentAfterLinkedit = false }: Made = {}): Buffer {
  const segs = segmentAfterLinkedit ? 4 : 3;
  const sizeofcmds = 72 * segs + 80;
  const textStart = 32 + sizeofcmds + room;
  const textSize = 0x4000;
  const size = textSize + linkedit + (segmentAfterLinkedit ? 0x4000 : 0);
  const b = Buffer.alloc(size);
  for (let i = textStart; i < size; i++) b[i] = (i * 7919) & 0xff; // code and data that are not zeros
  b.writeUInt32LE(0xfeedfacf, 0);
  b.writeUInt32LE(0x0100000c, 4); // arm64
  b.writeUInt32LE(2, 12); // MH_EXECUTE
  b.writeUInt32LE(segs, 16);
  b.writeUInt32LE(sizeofcmds, 20);
  let at = 32;
  const segment = (
    name: string,
    vmaddr: number,
    vmsize: number,
    fileoff: number,
    filesize: number,
    nsects = 0,
  ) => {
    b.writeUInt32LE(0x19, at);
    b.writeUInt32LE(72 + nsects * 80, at + 4);
    b.write(name, at + 8, 'latin1');
    b.writeBigUInt64LE(BigInt(vmaddr), at + 24);
    b.writeBigUInt64LE(BigInt(vmsize), at + 32);
    b.writeBigUInt64LE(BigInt(fileoff), at + 40);
    b.writeBigUInt64LE(BigInt(filesize), at + 48);
    b.writeUInt32LE(nsects, at + 64);
    at += 72;
  };
  segment('__PAGEZERO', 0, 0x100000000, 0, 0);
  segment('__TEXT', 0x100000000, textSize, 0, textSize, 1);
  b.write('__text', at, 'latin1');
  b.write('__TEXT', at + 16, 'latin1');
  b.writeBigUInt64LE(BigInt(0x100000000 + textStart), at + 32);
  b.writeBigUInt64LE(BigInt(textSize - textStart), at + 40);
  b.writeUInt32LE(textStart, at + 48);
  at += 80;
  segment('__LINKEDIT', 0x100004000, 0x4000, textSize, linkedit);
  if (segmentAfterLinkedit) segment('__DATA', 0x100008000, 0x4000, textSize + linkedit, 0x4000);
  return b;
}

// Fetched once (a first run downloads them from the npm registry).
beforeAll(() => {
  for (const name of ['esbuildArm64', 'esbuildX64', 'nodeArm64'] as const) referencePath(name);
}, 300_000);

describe('ad-hoc signing of a Mach-O executable', () => {
  test('writes LC_CODE_SIGNATURE, grows __LINKEDIT and hashes every page, the last one as it is', () => {
    const input = machO({ linkedit: 5003 });
    const { image, signatureOffset, pages } = signAdHoc(input, 'terraform-provider-uptime');
    // The signature starts at the 16-byte-aligned end of the old file; the gap is zeros.
    expect(signatureOffset).toBe(Math.ceil(input.length / 16) * 16);
    expect(signatureOffset % 4096).not.toBe(0); // a partial last page
    expect(image.subarray(input.length, signatureOffset).every((x) => x === 0)).toBe(true);
    expect(pages).toBe(Math.ceil(signatureOffset / 4096));
    const [slice] = verifyMachO(image);
    expect(slice).toMatchObject({ arch: 'arm64', blobs: [0], cms: false, signatureOffset });
    expect(slice!.codeDirectories).toEqual([
      {
        slot: 0,
        version: 0x20400,
        flags: 0x20002, // CS_ADHOC | CS_LINKER_SIGNED, as Go's linker and lld write
        hash: 'sha256',
        pageSize: 4096,
        codeLimit: signatureOffset,
        codeSlots: pages,
        identifier: 'terraform-provider-uptime',
        execSegBase: 0,
        execSegLimit: 0x4000,
        execSegFlags: 1,
        specialSlotsChecked: [],
      },
    ]);
    // One more load command; everything else before the signature is unchanged but __LINKEDIT's size.
    expect(image.readUInt32LE(16)).toBe(4);
    expect(image.readUInt32LE(20)).toBe(input.readUInt32LE(20) + 16);
    expect(image.subarray(0x4000, input.length).equals(input.subarray(0x4000))).toBe(true);
  });

  test('refuses when the header has no room for the load command, naming the room needed and free', () => {
    expect(() => signAdHoc(machO({ room: 8 }), 'x')).toThrow(MachOSignError);
    expect(() => signAdHoc(machO({ room: 8 }), 'x')).toThrow(
      /^no room for LC_CODE_SIGNATURE in the Mach-O header: the load commands end at 0x148 and the first content starts at 0x150; 16 bytes are needed, 8 are free$/,
    );
    expect(() => signAdHoc(machO({ room: 16 }), 'x')).not.toThrow();
    const used = machO({ room: 32 });
    used[32 + used.readUInt32LE(20) + 3] = 1;
    expect(() => signAdHoc(used, 'x')).toThrow(/are not padding/);
  });

  test('refuses files it cannot sign correctly', () => {
    expect(() => signAdHoc(machO({ segmentAfterLinkedit: true }), 'x')).toThrow(
      '__LINKEDIT must be the last segment in the file and in memory (last: __DATA, highest: __DATA)',
    );
    expect(() => signAdHoc(Buffer.concat([machO(), Buffer.from('trailing')]), 'x')).toThrow(
      /not at the end of the file .*something follows it/,
    );
    const fat = Buffer.alloc(64);
    fat.writeUInt32BE(0xcafebabe, 0);
    expect(() => signAdHoc(fat, 'x')).toThrow('a universal (fat) Mach-O: sign each thin slice');
    expect(() => signAdHoc(Buffer.from('\x7fELF' + '\0'.repeat(60), 'latin1'), 'x')).toThrow(
      'not a 64-bit little-endian Mach-O',
    );
    expect(() => signAdHoc(machO(), 'with space')).toThrow('must be printable ASCII');
  });

  test('re-signing replaces an existing signature and gives the same bytes as signing once', () => {
    const once = signAdHoc(machO(), 'id').image;
    const twice = signAdHoc(once, 'id').image;
    expect(twice.equals(once)).toBe(true);
    expect(once.readUInt32LE(16)).toBe(4);
  });

  test("reproduces Go's linker signature byte for byte (esbuild's darwin-arm64 executable)", () => {
    const esbuild = readFileSync(referencePath('esbuildArm64'));
    expect(signAdHoc(esbuild, 'a.out').image.equals(esbuild)).toBe(true);
  });

  test('signs an unsigned Go executable for darwin/amd64 (esbuild) so that it verifies', () => {
    const input = readFileSync(referencePath('esbuildX64'));
    expect(() => verifyMachO(input)).toThrow('not signed');
    const { image } = signAdHoc(input, 'esbuild');
    expect(verifyMachO(image)[0]!.codeDirectories[0]).toMatchObject({
      identifier: 'esbuild',
      flags: 0x20002,
    });
    // The header page is hashed with the new load command in it, not as it was before.
    const hash = (b: Buffer) => createHash('sha256').update(b.subarray(0, 4096)).digest();
    expect(image.includes(hash(image), 32 + input.readUInt32LE(20))).toBe(true);
    expect(image.includes(hash(input), 32 + input.readUInt32LE(20))).toBe(false);
  });

  test("replaces the official Node binary's Developer ID signature with an ad-hoc one", () => {
    const node = readFileSync(referencePath('nodeArm64'));
    const { image } = signAdHoc(node, 'node');
    expect(image.length).toBeLessThan(node.length);
    const [slice] = verifyMachO(image);
    expect(slice).toMatchObject({ blobs: [0], cms: false });
    // No hardened runtime: V8's JIT needs no entitlement.
    expect(slice!.codeDirectories[0]!.flags).toBe(0x20002);
  });
});
