// An independent checker of Mach-O code signatures for the tests, written from the published layouts (Apple's
// <mach-o/loader.h>, xnu's osfmk/kern/cs_blobs.h) and sharing no code with the signer it checks
// (scripts/release/macho-sign.ts). What it checks, per thin slice (each slice of a universal file):
// - the load commands parse and stay inside sizeofcmds; segments lie inside the file and do not overlap;
// - there is one LC_CODE_SIGNATURE; its data is 16-byte aligned, ends the file and ends __LINKEDIT, which is the
//   last segment in the file and in memory; no other __LINKEDIT data (symbols, strings, fixups, exports, function
//   starts, data in code …) reaches into it;
// - the SuperBlob and every blob in it are well formed; every CodeDirectory (slot 0 and the alternates): hash type
//   and size, page size, codeLimit = the signature's offset, nCodeSlots = ceil(codeLimit / page size), the
//   identifier, and (version ≥ 0x20400) execSegBase/execSegLimit = __TEXT's file range and the main-binary flag of
//   an executable; every code page hash recomputed from the file (the last page hashed as it is, up to codeLimit);
//   the special slots of the blobs the SuperBlob embeds (requirements, entitlements, DER entitlements);
// - with `sea`: a NODE_SEA segment holding a __NODE_SEA_BLOB section that starts with the SEA blob's magic, and the
//   SEA fuse flipped (`…:1`, no `…:0`).
// Not checked: a CMS signature's certificate chain (a Developer ID signature's blob wrapper is reported, not
// verified), Info.plist and resource slots (not in the file), and whatever only macOS itself decides at exec time.
import { createHash } from 'node:crypto';

export class MachOVerifyError extends Error {
  override name = 'MachOVerifyError';
}

export interface CodeDirectoryReport {
  slot: number;
  version: number;
  flags: number;
  hash: string;
  pageSize: number;
  codeLimit: number;
  codeSlots: number;
  identifier: string;
  execSegBase?: number;
  execSegLimit?: number;
  execSegFlags?: number;
  /** Special slots whose blob is in the SuperBlob and whose hash was recomputed (2 requirements, 5, 7 …). */
  specialSlotsChecked: number[];
}

export interface SliceReport {
  arch: string;
  fileType: number;
  signatureOffset: number;
  signatureSize: number;
  /** Blob index types of the SuperBlob, in order. */
  blobs: number[];
  codeDirectories: CodeDirectoryReport[];
  /** A non-empty CMS blob wrapper (slot 0x10000): a certificate signature, reported, not verified. */
  cms: boolean;
  sea?: { segment: string; section: string; offset: number; blobSize: number };
}

const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const SEA_BLOB_MAGIC = 0x0143da20; // node_sea.cc kMagic, little-endian at the start of the blob

const CPU: Record<number, string> = { 0x01000007: 'x86_64', 0x0100000c: 'arm64' };
const HASHES: Record<number, [name: string, size: number, digestBytes: number]> = {
  1: ['sha1', 20, 20],
  2: ['sha256', 32, 32],
  3: ['sha256', 20, 20], // SHA-256 truncated to 20 bytes
  4: ['sha384', 48, 48],
};

const fail = (msg: string): never => {
  throw new MachOVerifyError(msg);
};
const hex = (n: number) => `0x${n.toString(16)}`;

/** Verifies every slice of a Mach-O file (thin or universal); throws MachOVerifyError naming what is wrong. */
export function verifyMachO(file: Uint8Array, opts: { sea?: boolean } = {}): SliceReport[] {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  if (file.byteLength < 8) fail('too short for a Mach-O file');
  const be = view.getUint32(0, false);
  if (be === 0xcafebabe || be === 0xcafebabf) {
    const wide = be === 0xcafebabf;
    const n = view.getUint32(4, false);
    const reports: SliceReport[] = [];
    for (let i = 0; i < n; i++) {
      const e = 8 + i * (wide ? 32 : 20);
      const offset = wide ? Number(view.getBigUint64(e + 8, false)) : view.getUint32(e + 8, false);
      const size = wide ? Number(view.getBigUint64(e + 16, false)) : view.getUint32(e + 12, false);
      if (offset + size > file.byteLength) fail(`universal slice ${i} runs past the end of the file`);
      try {
        reports.push(verifySlice(file.subarray(offset, offset + size), opts));
      } catch (err) {
        throw new MachOVerifyError(`slice ${i}: ${(err as Error).message}`);
      }
    }
    return reports;
  }
  return [verifySlice(file, opts)];
}

interface Seg {
  name: string;
  vmaddr: bigint;
  vmsize: bigint;
  fileoff: number;
  filesize: number;
  sections: { name: string; offset: number; size: number }[];
}

function verifySlice(bytes: Uint8Array, opts: { sea?: boolean }): SliceReport {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (o: number) => v.getUint32(o, true);
  const u64 = (o: number) => Number(v.getBigUint64(o, true));
  const str = (o: number, n: number) => {
    const raw = Buffer.from(bytes.subarray(o, o + n)).toString('latin1');
    const nul = raw.indexOf('\0');
    return nul < 0 ? raw : raw.slice(0, nul);
  };
  if (u32(0) !== 0xfeedfacf) fail(`not a 64-bit little-endian Mach-O (magic ${hex(u32(0))})`);
  const arch = CPU[u32(4)] ?? `cputype ${hex(u32(4))}`;
  const fileType = u32(12);
  const ncmds = u32(16);
  const cmdsEnd = 32 + u32(20);
  if (cmdsEnd > bytes.byteLength) fail('sizeofcmds runs past the end of the file');

  const segs: Seg[] = [];
  let sig: { dataoff: number; datasize: number } | undefined;
  /** [what, start, end) of __LINKEDIT data other than the signature. */
  const linkeditData: [string, number, number][] = [];
  const LINKEDIT_DATA: Record<number, string> = {
    0x1e: 'LC_SEGMENT_SPLIT_INFO',
    0x26: 'LC_FUNCTION_STARTS',
    0x29: 'LC_DATA_IN_CODE',
    0x2b: 'LC_DYLIB_CODE_SIGN_DRS',
    0x2e: 'LC_LINKER_OPTIMIZATION_HINT',
    0x80000033: 'LC_DYLD_EXPORTS_TRIE',
    0x80000034: 'LC_DYLD_CHAINED_FIXUPS',
  };
  for (let i = 0, o = 32; i < ncmds; i++) {
    if (o + 8 > cmdsEnd) fail(`load command ${i} starts past sizeofcmds`);
    const cmd = u32(o);
    const size = u32(o + 4);
    if (size < 8 || o + size > cmdsEnd) fail(`load command ${i} (${hex(cmd)}) has a bad cmdsize ${size}`);
    if (cmd === 0x19) {
      const nsects = u32(o + 64);
      if (72 + nsects * 80 > size) fail(`load command ${i}: more sections than the command holds`);
      const seg: Seg = {
        name: str(o + 8, 16),
        vmaddr: v.getBigUint64(o + 24, true),
        vmsize: v.getBigUint64(o + 32, true),
        fileoff: u64(o + 40),
        filesize: u64(o + 48),
        sections: [],
      };
      for (let s = 0; s < nsects; s++) {
        const at = o + 72 + s * 80;
        seg.sections.push({ name: str(at, 16), offset: u32(at + 48), size: u64(at + 40) });
      }
      segs.push(seg);
    } else if (cmd === 0x1d) {
      if (sig) fail('more than one LC_CODE_SIGNATURE');
      sig = { dataoff: u32(o + 8), datasize: u32(o + 12) };
    } else if (LINKEDIT_DATA[cmd]) {
      linkeditData.push([LINKEDIT_DATA[cmd]!, u32(o + 8), u32(o + 8) + u32(o + 12)]);
    } else if (cmd === 0x2) {
      linkeditData.push(['LC_SYMTAB symbols', u32(o + 8), u32(o + 8) + u32(o + 12) * 16]);
      linkeditData.push(['LC_SYMTAB strings', u32(o + 16), u32(o + 16) + u32(o + 20)]);
    } else if (cmd === 0xb) {
      linkeditData.push(['LC_DYSYMTAB indirect symbols', u32(o + 56), u32(o + 56) + u32(o + 60) * 4]);
    } else if (cmd === 0x22 || cmd === 0x80000022) {
      for (const [k, name] of ['rebase', 'bind', 'weak bind', 'lazy bind', 'export'].entries())
        linkeditData.push([
          `LC_DYLD_INFO ${name}`,
          u32(o + 8 + k * 8),
          u32(o + 8 + k * 8) + u32(o + 12 + k * 8),
        ]);
    }
    o += size;
  }
  if (!sig) fail('no LC_CODE_SIGNATURE: the file is not signed');
  const { dataoff, datasize } = sig!;

  for (const s of segs)
    if (s.filesize && s.fileoff + s.filesize > bytes.byteLength)
      fail(`segment ${s.name} runs past the end of the file`);
  const inFile = segs.filter((s) => s.filesize > 0).sort((a, b) => a.fileoff - b.fileoff);
  for (let i = 1; i < inFile.length; i++)
    if (inFile[i - 1]!.fileoff + inFile[i - 1]!.filesize > inFile[i]!.fileoff)
      fail(`segments ${inFile[i - 1]!.name} and ${inFile[i]!.name} overlap in the file`);
  const text = segs.find((s) => s.name === '__TEXT') ?? fail('no __TEXT segment');
  const linkedit = segs.find((s) => s.name === '__LINKEDIT') ?? fail('no __LINKEDIT segment');
  if (inFile[inFile.length - 1] !== linkedit) fail('__LINKEDIT is not the last segment in the file');
  if (segs.some((s) => s !== linkedit && s.vmsize > 0n && s.vmaddr > linkedit.vmaddr))
    fail('__LINKEDIT is not the last segment in memory');
  if (linkedit.vmsize < BigInt(linkedit.filesize)) fail('__LINKEDIT vmsize is smaller than its filesize');
  if (dataoff % 16 !== 0) fail(`the signature's offset ${hex(dataoff)} is not 16-byte aligned`);
  if (dataoff + datasize !== bytes.byteLength)
    fail(`the signature (${hex(dataoff)} + ${datasize}) does not end the file (${bytes.byteLength} bytes)`);
  if (linkedit.fileoff + linkedit.filesize !== dataoff + datasize || dataoff < linkedit.fileoff)
    fail('the signature is not the end of __LINKEDIT');
  for (const [what, start, end] of linkeditData) {
    if (end === start) continue;
    if (start < linkedit.fileoff || end > dataoff)
      fail(
        `${what} (${hex(start)}–${hex(end)}) is outside __LINKEDIT before the signature (${hex(dataoff)})`,
      );
  }

  // The SuperBlob: big-endian.
  const sb = (o: number) => v.getUint32(dataoff + o, false);
  if (sb(0) !== 0xfade0cc0) fail(`no embedded-signature SuperBlob (magic ${hex(sb(0))})`);
  const sbLength = sb(4);
  if (sbLength > datasize || sbLength < 12) fail(`SuperBlob length ${sbLength} does not fit the signature`);
  const count = sb(8);
  if (12 + count * 8 > sbLength) fail('SuperBlob index runs past the SuperBlob');
  const index: { type: number; offset: number; magic: number; length: number }[] = [];
  for (let i = 0; i < count; i++) {
    const type = sb(12 + i * 8);
    const offset = sb(16 + i * 8);
    if (offset + 8 > sbLength) fail(`blob ${hex(type)} starts past the SuperBlob`);
    const length = sb(offset + 4);
    if (length < 8 || offset + length > sbLength) fail(`blob ${hex(type)} runs past the SuperBlob`);
    index.push({ type, offset, magic: sb(offset), length });
  }
  const blobBytes = (b: { offset: number; length: number }) =>
    bytes.subarray(dataoff + b.offset, dataoff + b.offset + b.length);

  const cds = index.filter((b) => b.type === 0 || (b.type >= 0x1000 && b.type < 0x1005));
  if (!cds.some((b) => b.type === 0)) fail('no CodeDirectory in slot 0');
  const codeDirectories = cds.map((b) => {
    if (b.magic !== 0xfade0c02) fail(`slot ${hex(b.type)} holds ${hex(b.magic)}, not a CodeDirectory`);
    const at = dataoff + b.offset;
    const f32 = (o: number) => v.getUint32(at + o, false);
    const f8 = (o: number) => v.getUint8(at + o);
    const version = f32(8);
    const flags = f32(12);
    const hashOffset = f32(16);
    const identOffset = f32(20);
    const nSpecial = f32(24);
    const nCode = f32(28);
    const codeLimit = f32(32);
    const hashSize = f8(36);
    const hashType = f8(37);
    const pageShift = f8(39);
    const algo = HASHES[hashType] ?? fail(`slot ${hex(b.type)}: unknown hash type ${hashType}`);
    if (hashSize !== algo[1]) fail(`slot ${hex(b.type)}: hash size ${hashSize} for hash type ${hashType}`);
    if (pageShift !== 12 && pageShift !== 14) fail(`slot ${hex(b.type)}: page size 2^${pageShift}`);
    const pageSize = 2 ** pageShift;
    if (codeLimit !== dataoff)
      fail(`slot ${hex(b.type)}: codeLimit ${codeLimit} is not the signature's offset ${dataoff}`);
    if (version >= 0x20300 && f32(56) !== 0) fail(`slot ${hex(b.type)}: codeLimit64 is set`);
    if (nCode !== Math.ceil(codeLimit / pageSize))
      fail(`slot ${hex(b.type)}: ${nCode} code slots for ${codeLimit} bytes in pages of ${pageSize}`);
    if (hashOffset < nSpecial * hashSize || hashOffset + nCode * hashSize > b.length)
      fail(`slot ${hex(b.type)}: the hash slots run outside the CodeDirectory`);
    if (identOffset >= b.length) fail(`slot ${hex(b.type)}: the identifier is outside the CodeDirectory`);
    const identEnd = bytes.indexOf(0, at + identOffset);
    if (identEnd < 0 || identEnd >= at + b.length)
      fail(`slot ${hex(b.type)}: the identifier is not terminated`);
    const identifier = Buffer.from(bytes.subarray(at + identOffset, identEnd)).toString('latin1');
    const digest = (data: Uint8Array) => createHash(algo[0]).update(data).digest().subarray(0, algo[2]);
    const slot = (i: number) =>
      bytes.subarray(at + hashOffset + i * hashSize, at + hashOffset + (i + 1) * hashSize);
    let bad: number[] = [];
    for (let page = 0; page < nCode; page++) {
      const start = page * pageSize;
      const end = Math.min(start + pageSize, codeLimit);
      if (!Buffer.from(slot(page)).equals(digest(bytes.subarray(start, end)))) bad.push(page);
    }
    if (bad.length) {
      const [first] = bad;
      const start = first! * pageSize;
      fail(
        `page ${first} of ${nCode} (file bytes ${hex(start)}–${hex(Math.min(start + pageSize, codeLimit))}) does not match its ${algo[0]} hash in the CodeDirectory (slot ${hex(b.type)})${bad.length > 1 ? `; ${bad.length} pages differ` : ''}`,
      );
    }
    bad = [];
    const specialSlotsChecked: number[] = [];
    for (let k = 1; k <= nSpecial; k++) {
      const blob = index.find((x) => x.type === k);
      const stored = Buffer.from(slot(-k));
      if (!blob) {
        if (k === 2 && stored.some((x) => x !== 0))
          fail(
            `slot ${hex(b.type)}: special slot -2 has a requirements hash but there is no requirements blob`,
          );
        continue;
      }
      if (!stored.equals(digest(blobBytes(blob))))
        fail(`slot ${hex(b.type)}: special slot -${k} does not match the hash of blob ${hex(blob.magic)}`);
      specialSlotsChecked.push(k);
    }
    const report: CodeDirectoryReport = {
      slot: b.type,
      version,
      flags,
      hash: hashType === 3 ? 'sha256-truncated' : algo[0],
      pageSize,
      codeLimit,
      codeSlots: nCode,
      identifier,
      specialSlotsChecked,
    };
    if (version >= 0x20400) {
      report.execSegBase = Number(v.getBigUint64(at + 64, false));
      report.execSegLimit = Number(v.getBigUint64(at + 72, false));
      report.execSegFlags = Number(v.getBigUint64(at + 80, false));
      if (report.execSegBase !== text.fileoff || report.execSegLimit !== text.filesize)
        fail(
          `slot ${hex(b.type)}: execSegBase/execSegLimit ${hex(report.execSegBase)}/${hex(report.execSegLimit)} are not __TEXT's ${hex(text.fileoff)}/${hex(text.filesize)}`,
        );
      if (fileType === 2 && !(report.execSegFlags & 1))
        fail(`slot ${hex(b.type)}: an executable without CS_EXECSEG_MAIN_BINARY`);
    }
    return report;
  });

  const report: SliceReport = {
    arch,
    fileType,
    signatureOffset: dataoff,
    signatureSize: datasize,
    blobs: index.map((b) => b.type),
    codeDirectories,
    cms: index.some((b) => b.type === 0x10000 && b.magic === 0xfade0b01 && b.length > 8),
  };
  if (opts.sea) {
    const seg = segs.find((s) => s.name === 'NODE_SEA') ?? fail('no NODE_SEA segment');
    const sect =
      seg.sections.find((s) => s.name === '__NODE_SEA_BLOB') ??
      fail('no __NODE_SEA_BLOB section in NODE_SEA');
    if (!sect.size) fail('the __NODE_SEA_BLOB section is empty');
    if (sect.offset < seg.fileoff || sect.offset + sect.size > seg.fileoff + seg.filesize)
      fail('the __NODE_SEA_BLOB section lies outside its segment');
    if (u32(sect.offset) !== SEA_BLOB_MAGIC)
      fail(`the __NODE_SEA_BLOB section does not start with the SEA blob magic (${hex(u32(sect.offset))})`);
    const all = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (all.includes(`${SEA_FUSE}:0`)) fail('the SEA fuse is not flipped (…:0 is present)');
    if (!all.includes(`${SEA_FUSE}:1`)) fail('the SEA fuse is missing');
    report.sea = { segment: seg.name, section: sect.name, offset: sect.offset, blobSize: sect.size };
  }
  return report;
}

/** The SEA blob of a verified thin executable (the __NODE_SEA_BLOB section's bytes). */
export function seaBlob(file: Buffer): Buffer {
  const [slice] = verifyMachO(file, { sea: true });
  const sea = slice?.sea ?? fail('no SEA blob');
  return file.subarray(sea.offset, sea.offset + sea.blobSize);
}
