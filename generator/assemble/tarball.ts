/**
 * A gzipped tar archive in npm's package layout (every path under `package/`), made so that the
 * same files always give the same bytes: entries sorted by path, fixed modes (0644, 0755 for
 * executables), owner 0, a fixed time (npm's own: 1985-10-26T08:15:00Z), no user or group
 * names, and a gzip header of our own (no name, no time, OS unknown) around a raw deflate stream.
 * Pure: the bytes depend only on the entries and on the zlib that Node.js carries.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface TarEntry {
  /** Relative path inside the package, `/`-separated. */
  path: string;
  bytes: Buffer;
  executable: boolean;
}

const BLOCK = 512;
/** npm packs every file with this time; so do we. */
export const TAR_MTIME = Date.UTC(1985, 9, 26, 8, 15, 0) / 1000;

/** A path ustar can hold: `prefix/name` with name ≤ 100 bytes and prefix ≤ 155. */
function splitPath(path: string): { name: string; prefix: string } {
  if (Buffer.byteLength(path) <= 100) return { name: path, prefix: '' };
  for (let at = path.indexOf('/'); at !== -1; at = path.indexOf('/', at + 1)) {
    const prefix = path.slice(0, at);
    const name = path.slice(at + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return { name, prefix };
  }
  throw new Error(`${path}: too long for a tar header`);
}

const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;

function header(path: string, size: number, mode: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { name, prefix } = splitPath(path);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(mode, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii'); // uid
  block.write(octal(0, 8), 116, 'ascii'); // gid
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(TAR_MTIME, 12), 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii'); // checksum, counted as spaces
  block.write('0', 156, 'ascii'); // a regular file
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** The uncompressed archive. */
export function tarArchive(entries: readonly TarEntry[]): Buffer {
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const parts: Buffer[] = [];
  for (const [i, entry] of sorted.entries()) {
    if (i > 0 && sorted[i - 1]!.path === entry.path) throw new Error(`${entry.path}: twice in the archive`);
    if (entry.path.startsWith('/') || entry.path.split('/').some((part) => part === '' || part === '.' || part === '..')) throw new Error(`${entry.path}: not a plain relative path`);
    parts.push(header(`package/${entry.path}`, entry.bytes.length, entry.executable ? 0o755 : 0o644), entry.bytes);
    const padding = (BLOCK - (entry.bytes.length % BLOCK)) % BLOCK;
    if (padding > 0) parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(2 * BLOCK)); // the end of the archive
  return Buffer.concat(parts);
}

/** gzip (RFC 1952) with a fixed header: magic, deflate, no flags, no time, maximum compression, OS unknown. */
export function gzipFixed(data: Buffer): Buffer {
  const head = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255]);
  const tail = Buffer.alloc(8);
  tail.writeUInt32LE(crc32(data) >>> 0, 0);
  tail.writeUInt32LE(data.length % 2 ** 32, 4);
  return Buffer.concat([head, deflateRawSync(data, { level: 9 }), tail]);
}

export const packTarball = (entries: readonly TarEntry[]): Buffer => gzipFixed(tarArchive(entries));
