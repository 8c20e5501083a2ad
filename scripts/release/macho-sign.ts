// Ad-hoc code signature of a thin 64-bit Mach-O executable, written on any OS (no `codesign`): what Go's linker
// (cmd/internal/codesign, cmd/link/internal/ld machoCodeSign) and lld's -adhoc_codesign write. macOS on Apple
// silicon kills unsigned arm64 code; an ad-hoc signature is a CodeDirectory of page hashes with no certificate.
//
// Layout written:
// - an LC_CODE_SIGNATURE load command (16 bytes, in the padding after the existing load commands; an existing one is
//   reused and its signature dropped), pointing at the signature;
// - the signature at the 16-byte-aligned end of the file, which is the end of __LINKEDIT (the last segment, in the
//   file and in memory); __LINKEDIT's filesize grows to cover it, its vmsize to the next 16 KiB if needed;
// - one SuperBlob (0xfade0cc0, big-endian) holding one CodeDirectory (0xfade0c02, version 0x20400, flags
//   CS_ADHOC|CS_LINKER_SIGNED, SHA-256, 4 KiB pages, codeLimit = the signature's offset, one hash per page of
//   [0, codeLimit) with the last page hashed as it is, not zero-padded; execSeg = __TEXT, main binary for
//   MH_EXECUTE). The pages are hashed after the load-command edits, so the header page's hash covers them.
// No requirements, entitlements or hardened runtime (as `codesign --sign -` without `--options runtime`): V8's JIT
// needs no entitlement then.
import { createHash } from 'node:crypto';

const MH_MAGIC_64 = 0xfeedfacf;
const FAT_MAGIC = 0xcafebabe;
const FAT_MAGIC_64 = 0xcafebabf;
const MH_EXECUTE = 2;
const LC_SEGMENT_64 = 0x19;
const LC_CODE_SIGNATURE = 0x1d;
const HEADER_SIZE = 32;
const SEGMENT_SIZE = 72;
const SECTION_SIZE = 80;
const CODE_SIGNATURE_CMD_SIZE = 16;
/** Section types whose content is not in the file. */
const ZEROFILL_TYPES = new Set([0x1, 0xc, 0x12]);

const CSMAGIC_EMBEDDED_SIGNATURE = 0xfade0cc0;
const CSMAGIC_CODEDIRECTORY = 0xfade0c02;
const CSSLOT_CODEDIRECTORY = 0;
const CD_VERSION = 0x20400; // the first version with the exec segment fields
const CS_ADHOC = 0x2;
const CS_LINKER_SIGNED = 0x20000;
const CS_HASHTYPE_SHA256 = 2;
const CS_EXECSEG_MAIN_BINARY = 0x1;
const PAGE_SHIFT = 12;
const PAGE_SIZE = 1 << PAGE_SHIFT;
const HASH_SIZE = 32;
const SUPERBLOB_SIZE = 12 + 8; // header + one blob index
const CODE_DIRECTORY_SIZE = 88; // up to and including execSegFlags
const LINKEDIT_VM_ROUND = 0x4000; // arm64's page size, also a multiple of x86_64's

export class MachOSignError extends Error {
  override name = 'MachOSignError';
}

interface Segment {
  name: string;
  /** Offset of its load command in the file. */
  cmdOffset: number;
  vmaddr: bigint;
  vmsize: bigint;
  fileoff: number;
  filesize: number;
}

export interface SignedImage {
  image: Buffer;
  /** File offset of the signature (= the CodeDirectory's codeLimit). */
  signatureOffset: number;
  signatureSize: number;
  pages: number;
}

const align = (n: number, to: number) => Math.ceil(n / to) * to;
const name16 = (b: Buffer, at: number) => b.toString('latin1', at, at + 16).replace(/\0.*$/s, '');

/**
 * Signs a thin 64-bit little-endian Mach-O (the file's bytes) ad hoc and returns the signed file. `identifier` is
 * the CodeDirectory's identifier (no meaning for an ad-hoc signature beyond naming the code).
 */
export function signAdHoc(input: Buffer, identifier: string): SignedImage {
  if (input.length < HEADER_SIZE) throw new MachOSignError('not a Mach-O file: shorter than a header');
  const magicBE = input.readUInt32BE(0);
  if (magicBE === FAT_MAGIC || magicBE === FAT_MAGIC_64)
    throw new MachOSignError('a universal (fat) Mach-O: sign each thin slice, not the fat file');
  if (input.readUInt32LE(0) !== MH_MAGIC_64)
    throw new MachOSignError(
      `not a 64-bit little-endian Mach-O (magic 0x${input.readUInt32LE(0).toString(16)})`,
    );
  if (!/^[\x21-\x7e]+$/.test(identifier))
    throw new MachOSignError(`identifier ${JSON.stringify(identifier)} must be printable ASCII`);
  const filetype = input.readUInt32LE(12);
  const ncmds = input.readUInt32LE(16);
  const sizeofcmds = input.readUInt32LE(20);
  const commandsEnd = HEADER_SIZE + sizeofcmds;
  if (commandsEnd > input.length) throw new MachOSignError('load commands run past the end of the file');

  const segments: Segment[] = [];
  let existing: { cmdOffset: number; dataoff: number; datasize: number } | undefined;
  /** The lowest file offset of content after the header (sections, segments, __LINKEDIT data). */
  let firstContent = input.length;
  let at = HEADER_SIZE;
  for (let i = 0; i < ncmds; i++) {
    if (at + 8 > commandsEnd) throw new MachOSignError(`load command ${i} runs past sizeofcmds`);
    const cmd = input.readUInt32LE(at);
    const cmdsize = input.readUInt32LE(at + 4);
    if (cmdsize < 8 || cmdsize % 8 !== 0 || at + cmdsize > commandsEnd)
      throw new MachOSignError(`load command ${i} has a bad size (${cmdsize})`);
    if (cmd === LC_SEGMENT_64) {
      const seg: Segment = {
        name: name16(input, at + 8),
        cmdOffset: at,
        vmaddr: input.readBigUInt64LE(at + 24),
        vmsize: input.readBigUInt64LE(at + 32),
        fileoff: Number(input.readBigUInt64LE(at + 40)),
        filesize: Number(input.readBigUInt64LE(at + 48)),
      };
      segments.push(seg);
      if (seg.fileoff > 0 && seg.filesize > 0) firstContent = Math.min(firstContent, seg.fileoff);
      const nsects = input.readUInt32LE(at + 64);
      if (SEGMENT_SIZE + nsects * SECTION_SIZE > cmdsize)
        throw new MachOSignError(`segment ${seg.name} declares more sections than its command holds`);
      for (let s = 0; s < nsects; s++) {
        const sect = at + SEGMENT_SIZE + s * SECTION_SIZE;
        const size = input.readBigUInt64LE(sect + 40);
        const offset = input.readUInt32LE(sect + 48);
        const type = input.readUInt32LE(sect + 64) & 0xff;
        if (offset > 0 && size > 0n && !ZEROFILL_TYPES.has(type))
          firstContent = Math.min(firstContent, offset);
      }
    } else if (cmd === LC_CODE_SIGNATURE) {
      existing = {
        cmdOffset: at,
        dataoff: input.readUInt32LE(at + 8),
        datasize: input.readUInt32LE(at + 12),
      };
    }
    at += cmdsize;
  }

  const text = segments.find((s) => s.name === '__TEXT');
  const linkedit = segments.find((s) => s.name === '__LINKEDIT');
  if (!text) throw new MachOSignError('no __TEXT segment');
  if (!linkedit) throw new MachOSignError('no __LINKEDIT segment: the signature has to be its last part');
  const last = segments.reduce((a, b) => (b.fileoff + b.filesize > a.fileoff + a.filesize ? b : a));
  const top = segments.reduce((a, b) => (b.vmaddr > a.vmaddr ? b : a));
  if (last !== linkedit || top !== linkedit)
    throw new MachOSignError(
      `__LINKEDIT must be the last segment in the file and in memory (last: ${last.name}, highest: ${top.name})`,
    );

  let codeEnd: number;
  if (existing) {
    // Re-signing: the old signature must be the end of the file; its bytes are dropped.
    if (existing.dataoff + existing.datasize !== input.length || existing.dataoff < linkedit.fileoff)
      throw new MachOSignError('the existing code signature is not at the end of __LINKEDIT and of the file');
    codeEnd = existing.dataoff;
  } else {
    if (linkedit.fileoff + linkedit.filesize !== input.length)
      throw new MachOSignError(
        `__LINKEDIT ends at ${linkedit.fileoff + linkedit.filesize}, not at the end of the file (${input.length}): something follows it`,
      );
    const free = firstContent - commandsEnd;
    if (free < CODE_SIGNATURE_CMD_SIZE)
      throw new MachOSignError(
        `no room for LC_CODE_SIGNATURE in the Mach-O header: the load commands end at 0x${commandsEnd.toString(16)} and the first content starts at 0x${firstContent.toString(16)}; ${CODE_SIGNATURE_CMD_SIZE} bytes are needed, ${Math.max(free, 0)} are free`,
      );
    if (input.subarray(commandsEnd, commandsEnd + CODE_SIGNATURE_CMD_SIZE).some((b) => b !== 0))
      throw new MachOSignError(
        `no room for LC_CODE_SIGNATURE: the bytes after the load commands (0x${commandsEnd.toString(16)}) are not padding`,
      );
    codeEnd = input.length;
  }

  const signatureOffset = align(codeEnd, 16);
  if (signatureOffset > 0xffffffff) throw new MachOSignError('the file is too large for a 32-bit codeLimit');
  const pages = Math.ceil(signatureOffset / PAGE_SIZE);
  const id = Buffer.from(`${identifier}\0`, 'latin1');
  const cdSize = CODE_DIRECTORY_SIZE + id.length + pages * HASH_SIZE;
  const signatureSize = SUPERBLOB_SIZE + cdSize;

  const out = Buffer.alloc(signatureOffset + signatureSize);
  input.copy(out, 0, 0, codeEnd);
  // Load-command edits first: the header page is hashed with them.
  const cmdOffset = existing?.cmdOffset ?? commandsEnd;
  if (!existing) {
    out.writeUInt32LE(ncmds + 1, 16);
    out.writeUInt32LE(sizeofcmds + CODE_SIGNATURE_CMD_SIZE, 20);
  }
  out.writeUInt32LE(LC_CODE_SIGNATURE, cmdOffset);
  out.writeUInt32LE(CODE_SIGNATURE_CMD_SIZE, cmdOffset + 4);
  out.writeUInt32LE(signatureOffset, cmdOffset + 8);
  out.writeUInt32LE(signatureSize, cmdOffset + 12);
  const linkeditSize = signatureOffset + signatureSize - linkedit.fileoff;
  out.writeBigUInt64LE(BigInt(linkeditSize), linkedit.cmdOffset + 48);
  if (linkedit.vmsize < BigInt(linkeditSize))
    out.writeBigUInt64LE(BigInt(align(linkeditSize, LINKEDIT_VM_ROUND)), linkedit.cmdOffset + 32);

  let p = signatureOffset;
  p = out.writeUInt32BE(CSMAGIC_EMBEDDED_SIGNATURE, p);
  p = out.writeUInt32BE(signatureSize, p);
  p = out.writeUInt32BE(1, p);
  p = out.writeUInt32BE(CSSLOT_CODEDIRECTORY, p);
  p = out.writeUInt32BE(SUPERBLOB_SIZE, p);
  const cd = p;
  p = out.writeUInt32BE(CSMAGIC_CODEDIRECTORY, p);
  p = out.writeUInt32BE(cdSize, p);
  p = out.writeUInt32BE(CD_VERSION, p);
  p = out.writeUInt32BE(CS_ADHOC | CS_LINKER_SIGNED, p);
  p = out.writeUInt32BE(CODE_DIRECTORY_SIZE + id.length, p); // hashOffset (no special slots)
  p = out.writeUInt32BE(CODE_DIRECTORY_SIZE, p); // identOffset
  p = out.writeUInt32BE(0, p); // nSpecialSlots
  p = out.writeUInt32BE(pages, p); // nCodeSlots
  p = out.writeUInt32BE(signatureOffset, p); // codeLimit
  p = out.writeUInt8(HASH_SIZE, p);
  p = out.writeUInt8(CS_HASHTYPE_SHA256, p);
  p = out.writeUInt8(0, p); // platform
  p = out.writeUInt8(PAGE_SHIFT, p);
  p += 4 + 4 + 4 + 4 + 8; // spare2, scatterOffset, teamOffset, spare3, codeLimit64: zero
  p = out.writeBigUInt64BE(BigInt(text.fileoff), p);
  p = out.writeBigUInt64BE(BigInt(text.filesize), p);
  p = out.writeBigUInt64BE(BigInt(filetype === MH_EXECUTE ? CS_EXECSEG_MAIN_BINARY : 0), p);
  if (p !== cd + CODE_DIRECTORY_SIZE) throw new Error('CodeDirectory layout error');
  p += id.copy(out, p);
  for (let page = 0; page < pages; page++) {
    const start = page * PAGE_SIZE;
    // The last page is hashed as it is (up to codeLimit), never zero-padded.
    const end = Math.min(start + PAGE_SIZE, signatureOffset);
    p += createHash('sha256').update(out.subarray(start, end)).digest().copy(out, p);
  }
  if (p !== out.length) throw new Error('signature layout error');
  return { image: out, signatureOffset, signatureSize, pages };
}
