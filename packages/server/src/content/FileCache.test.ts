import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileCache } from './FileCache';

function files(sizes: Record<string, number>): Record<string, string> {
  const folder = mkdtempSync(path.join(tmpdir(), 'file-cache-'));
  return Object.fromEntries(
    Object.entries(sizes).map(([name, size]) => {
      const file = path.join(folder, name);
      writeFileSync(file, Buffer.alloc(size, name));
      return [name, file];
    }),
  );
}

describe('FileCache', () => {
  it('serves a loaded file from memory until the byte budget pushes it out, oldest first', async () => {
    const f = files({ a: 400, b: 400, c: 400 });
    const cache = new FileCache({ maxBytes: 1000, maxFileBytes: 500 });
    expect((await cache.load(f.a!)).length).toBe(400);
    await cache.load(f.b!);
    expect(cache.get(f.a!)?.length).toBe(400);
    await cache.load(f.c!);
    expect(cache.heldBytes).toBe(800);
    expect(cache.get(f.b!)).toBeUndefined();
    expect(cache.get(f.a!)).toBeDefined();
    expect(cache.get(f.c!)).toBeDefined();
  });

  it('reads a file once for requests that ask at the same time', async () => {
    const f = files({ page: 100 });
    const cache = new FileCache({ maxBytes: 1000, maxFileBytes: 500 });
    const [first, second] = await Promise.all([cache.load(f.page!), cache.load(f.page!)]);
    // Two reads would give two Buffers: one object means one read shared by both requests.
    expect(first).toBe(second);
    expect(cache.heldBytes).toBe(100);
  });

  it('returns a file over the per-file limit without keeping it', async () => {
    const f = files({ big: 600, empty: 0 });
    const cache = new FileCache({ maxBytes: 1000, maxFileBytes: 500 });
    expect(cache.fits(600)).toBe(false);
    expect((await cache.load(f.big!)).length).toBe(600);
    expect(cache.get(f.big!)).toBeUndefined();
    expect((await cache.load(f.empty!)).length).toBe(0);
    expect(cache.get(f.empty!)?.length).toBe(0);
  });

  it('rejects with the read error and caches nothing when the file is gone', async () => {
    const f = files({ gone: 10 });
    rmSync(f.gone!);
    const cache = new FileCache();
    await expect(cache.load(f.gone!)).rejects.toMatchObject({ code: 'ENOENT' });
    writeFileSync(f.gone!, 'back');
    expect((await cache.load(f.gone!)).toString()).toBe('back');
  });
});
