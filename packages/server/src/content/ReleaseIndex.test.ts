import {
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ReleaseEntry, ReleaseIndex } from './ReleaseIndex';
import { MANIFEST_FILE } from './ReleaseStore';

describe('ReleaseIndex', () => {
  let root: string;
  let outside: string;
  beforeEach(() => {
    root = realpathSync(mkdtempSync(path.join(tmpdir(), 'release-index-')));
    outside = mkdtempSync(path.join(tmpdir(), 'release-outside-'));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  const write = (relative: string, text: string, mtime = new Date('2024-03-04T05:06:07.891Z')) => {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    utimesSync(file, mtime, mtime);
  };

  it('answers each file with its variants, ETags and dates as stored, and nothing else', async () => {
    write('Content/a.htm', '<p>a page</p>');
    write('Content/a.htm.gz', 'gz bytes');
    write('Content/a.htm.br', 'br');
    write('Content/logo.png', 'png bytes', new Date('2023-01-01T00:00:00.250Z'));
    write('Content/.hidden.htm', 'dotfile');
    write('.secret/key.txt', 'dot folder');
    write('Content/Sub/b.HTML', '<p>b</p>');
    writeFileSync(path.join(outside, 'elsewhere.htm'), 'outside');
    symlinkSync(path.join(root, 'Content/Sub/b.HTML'), path.join(root, 'Content/alias.htm'));
    symlinkSync(path.join(outside, 'elsewhere.htm'), path.join(root, 'Content/out.htm'));
    writeFileSync(
      path.join(root, MANIFEST_FILE),
      JSON.stringify({
        digests: {
          'Content/a.htm': 'AAAA',
          'Content/a.htm.gz': 'GGGG',
          'Content/a.htm.br': 'BBBB',
        },
      }),
    );

    const index = await ReleaseIndex.load('guide', 7, root);

    expect(index.dir).toBe(root);
    expect(index.paths()).toEqual([
      'Content/Sub/b.HTML',
      'Content/a.htm',
      'Content/a.htm.br',
      'Content/a.htm.gz',
      'Content/alias.htm',
      'Content/logo.png',
    ]);
    expect(index.size).toBe(6);
    expect(index.hasFolder('')).toBe(true);
    expect(index.hasFolder('Content/Sub')).toBe(true);
    expect(index.hasFolder('.secret')).toBe(false);
    expect(index.file('Content/.hidden.htm')).toBeUndefined();
    expect(index.file('Content/out.htm')).toBeUndefined();

    const page = statSync(path.join(root, 'Content/a.htm'));
    expect(index.file('Content/a.htm')).toEqual({
      identity: { path: path.join(root, 'Content/a.htm'), size: page.size, etag: '"AAAA"' },
      gzip: { path: path.join(root, 'Content/a.htm.gz'), size: 8, etag: '"GGGG"' },
      brotli: { path: path.join(root, 'Content/a.htm.br'), size: 2, etag: '"BBBB"' },
      contentType: 'text/html; charset=utf-8',
      lastModified: page.mtime.toUTCString(),
      modifiedSeconds: Math.floor(page.mtimeMs / 1000),
      varies: true,
    });
    const logo = statSync(path.join(root, 'Content/logo.png'));
    const logoTime = Math.floor(logo.mtimeMs).toString(36);
    expect(index.file('Content/logo.png')).toEqual({
      identity: {
        path: path.join(root, 'Content/logo.png'),
        size: 9,
        etag: `"r7-${(9).toString(36)}-${logoTime}"`,
      },
      gzip: null,
      brotli: null,
      contentType: 'image/png',
      lastModified: 'Sun, 01 Jan 2023 00:00:00 GMT',
      modifiedSeconds: 1672531200,
      varies: false,
    });
    // A link inside the release is served as its target; the siblings of a page without them are null.
    expect(index.file('Content/alias.htm')?.identity.path).toBe(
      path.join(root, 'Content/Sub/b.HTML'),
    );
    expect(index.file('Content/Sub/b.HTML')?.gzip).toBeNull();
  });

  it('holds about a hundred bytes per file, not objects per file', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heap = () => {
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };
    const files = 100_000;
    const before = heap();
    const index = bigRelease(files);
    const held = heap() - before;
    // About 120 bytes: the path string (about 50), its map entry, two numbers, the digest. A
    // DocFile with its variants per file took about 640 (1,500 right after a publish).
    expect(held / files).toBeLessThan(250);
    expect(index.file('Content/Folder7/Topic12307.htm')?.identity).toEqual({
      path: '/r/Content/Folder7/Topic12307.htm',
      size: 13307,
      etag: `"${'7'.padEnd(22, 'x')}"`,
    });
  });
});

/**
 * The index of a release of `files` pages, built in a frame of its own, so that nothing but the
 * index outlives it (an interpreted frame keeps its temporaries).
 */
function bigRelease(files: number): ReleaseIndex {
  const entries: ReleaseEntry[] = Array.from({ length: files }, (_, i) => {
    // One flat string, as a folder walk's path once the index has hashed it.
    const relative = Buffer.from(`Content/Folder${i % 100}/Topic${i}.htm`).toString('latin1');
    return { relative, path: `/r/${relative}`, size: 1000 + i, mtimeMs: 1.7e12 + i };
  });
  // As read from a manifest: its own copies of the paths.
  const manifest = JSON.stringify(
    Object.fromEntries(
      Array.from({ length: files }, (_, i) => [
        `Content/Folder${i % 100}/Topic${i}.htm`,
        `${i % 10}`.padEnd(22, 'x'),
      ]),
    ),
  );
  return ReleaseIndex.fromEntries(
    { docSetId: 'big', release: 1, dir: '/r' },
    entries,
    Array.from({ length: 100 }, (_, i) => `Content/Folder${i}`),
    JSON.parse(manifest) as Record<string, string>,
    { format: 1, moved: {}, removed: {} },
  );
}
