import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { textFileWriter } from './textFileWriter';

describe('textFileWriter', () => {
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(path.join(tmpdir(), 'text-file-writer-'));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('writes the pieces of interleaved writers in the order they were given', async () => {
    const file = path.join(work, 'out.txt');
    const out = textFileWriter(file);
    // Pieces far beyond the stream's buffer, so writers wait for it to drain.
    const piece = (lane: number, i: number) => `${lane}:${i}:${'x'.repeat(4096)}\n`;
    const order: string[] = [];
    await Promise.all(
      [0, 1, 2].map(async (lane) => {
        for (let i = 0; i < 200; i++) {
          order.push(piece(lane, i));
          await out.write(piece(lane, i));
        }
      }),
    );
    await out.end();
    expect(readFileSync(file, 'utf8')).toBe(order.join(''));
  });

  it('rejects its writes and its end when the file cannot be written, and never hangs', async () => {
    const out = textFileWriter(path.join(work, 'missing', 'out.txt'));
    const big = 'y'.repeat(1024 * 1024);
    // The first write may be queued before the open fails; one of them, and end(), must reject.
    const writes = await Promise.allSettled([out.write(big), out.write(big), out.write(big)]);
    await expect(out.end()).rejects.toThrow(/ENOENT/);
    await expect(out.write('more')).rejects.toThrow(/ENOENT/);
    expect(writes.some((w) => w.status === 'rejected')).toBe(true);
  });
});
