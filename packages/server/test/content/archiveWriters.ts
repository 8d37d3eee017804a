import { crc32, gzipSync } from 'node:zlib';

/** One entry of a hand-made test archive; any name may be used, hostile ones included. */
export interface ArchiveEntry {
  /** Entry name exactly as stored. */
  name: string;
  /** File contents; omitted for folders and links. */
  data?: string | Buffer;
  /** `file` (default), `folder` or `symlink` (with `target`). */
  kind?: 'file' | 'folder' | 'symlink';
  /** Link target (symlinks only). */
  target?: string;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/**
 * A gzip-compressed ustar archive written byte by byte, so tests can put names in it that real
 * archivers refuse to write (`../x`, `/etc/x`, links).
 */
export function tarGz(entries: ArchiveEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const data = Buffer.from(entry.data ?? '');
    const header = Buffer.alloc(512);
    header.write(entry.name, 0, 100, 'utf8');
    header.write(octal(entry.kind === 'folder' ? 0o755 : 0o644, 8), 100, 'ascii');
    header.write(octal(0, 8), 108, 'ascii');
    header.write(octal(0, 8), 116, 'ascii');
    header.write(octal(entry.kind === 'file' || !entry.kind ? data.length : 0, 12), 124, 'ascii');
    header.write(octal(Math.floor(Date.UTC(2024, 0, 2) / 1000), 12), 136, 'ascii');
    header.write('        ', 148, 'ascii');
    header.write(
      entry.kind === 'folder' ? '5' : entry.kind === 'symlink' ? '2' : '0',
      156,
      'ascii',
    );
    if (entry.target) header.write(entry.target, 157, 100, 'utf8');
    header.write('ustar\x0000', 257, 'ascii');
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
    blocks.push(header);
    if (entry.kind === 'file' || !entry.kind) {
      blocks.push(data, Buffer.alloc((512 - (data.length % 512)) % 512));
    }
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

/** A zip archive (stored, no compression) written byte by byte, hostile names and links allowed. */
export function zip(entries: ArchiveEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(
      entry.kind === 'folder' && !entry.name.endsWith('/') ? `${entry.name}/` : entry.name,
    );
    const data = Buffer.from(entry.kind === 'symlink' ? (entry.target ?? '') : (entry.data ?? ''));
    const crc = crc32(data);
    const mode =
      entry.kind === 'symlink' ? 0o120777 : entry.kind === 'folder' ? 0o040755 : 0o100644;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x5821, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x031e, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x5821, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((mode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
