import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { SearchRequest } from '@docs-portal/contracts';
import { createSearchEngine } from '../createSearchEngine';
import type { DocSetDescriptor, SearchEngine } from '../SearchEngine';
import { syncDocSet } from '../sync/syncDocSet';

const PAGES = 120;
const packageRoot = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'search-atomic-'));
const dataDir = join(work, 'data');
const folder = join(work, 'docs');
const docSet: DocSetDescriptor = {
  id: 'atomic',
  title: 'Atomic',
  product: 'Atomic',
  version: '1',
  docType: 'Guide',
  urlPrefix: '/docs/atomic',
  folder,
};

function writePages(edition: 'one' | 'two'): void {
  mkdirSync(join(folder, 'Content'), { recursive: true });
  for (let n = 0; n < PAGES; n++) {
    writeFileSync(
      join(folder, 'Content', `Page${n}.htm`),
      `<html><body><div id="mc-main-content"><h1>Page ${n}</h1><p>Edition ${edition} text, marker ${edition}word${n}.</p></div></body></html>`,
    );
  }
}

const query = (q: string): SearchRequest => ({
  q,
  product: [],
  version: [],
  docType: [],
  page: 1,
  pageSize: 20,
  explain: false,
});

async function answers(engine: SearchEngine) {
  const out = [];
  for (const q of ['edition ', 'oneword7 ', 'twoword7 ', 'oneword42 ']) {
    const { tookMs: _tookMs, ...rest } = await engine.search(query(q), { docSetIds: ['atomic'] });
    out.push(rest);
  }
  return out;
}

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('atomic reindex', () => {
  it('keeps the previous index serving when a reindex is killed half way', async () => {
    writePages('one');
    const engine = await createSearchEngine({ engine: 'sqlite', dataDir });
    await syncDocSet(engine, docSet);
    const before = await answers(engine);
    expect(before[0]?.total).toBe(PAGES);
    expect(before[1]?.total).toBe(1);
    expect(before[2]?.total).toBe(0);

    writePages('two');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join('test', 'reindexChild.ts'), dataDir, folder, String(PAGES)],
      {
        cwd: packageRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = once(child, 'exit');
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('HALF')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`child exited early (${code}): ${output}`)));
    });

    // The child holds a write transaction with half the pages written: readers still see edition one.
    expect(await answers(engine)).toEqual(before);
    child.kill('SIGKILL');
    const [code, signal] = await exited;
    expect(code).toBeNull();
    expect(signal).toBe('SIGKILL');
    expect(output).not.toContain('DONE');

    expect(await answers(engine)).toEqual(before);
    await engine.close();
    const reopened = await createSearchEngine({ engine: 'sqlite', dataDir });
    expect(await answers(reopened)).toEqual(before);

    // The index is not damaged: the next run completes and serves edition two.
    const result = await syncDocSet(reopened, docSet);
    expect(result.changed).toBe(PAGES);
    const after = await answers(reopened);
    expect(after[0]?.total).toBe(PAGES);
    expect(after[1]?.total).toBe(0);
    expect(after[2]?.hits.map((h) => h.title)).toEqual(['Page 7']);
    await reopened.close();
  }, 30_000);
});
