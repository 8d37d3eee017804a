import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURES } from '../../test/fixtures';
import { BROKEN_PAGE } from '../../test/fixtures/malformedPages';
import { createSearchEngine } from '../createSearchEngine';
import type { DocSetChange, DocSetDescriptor, SearchEngine, WriteOptions } from '../SearchEngine';
import { listDocSetPages } from './listDocSetPages';
import { removeDocSet, syncDocSet, syncDocSets, type SyncProgress } from './syncDocSet';

const READER = { docSetIds: ['flare', 'sphinx', 'broken'] };
let engine: SearchEngine;
let work: string;

function descriptor(folder: string, id = 'flare'): DocSetDescriptor {
  return {
    id,
    title: 'Fixture',
    product: 'Fixture',
    version: '1.0',
    docType: 'User Guide',
    urlPrefix: `/docs/${id}`,
    folder,
  };
}

async function find(q: string) {
  return engine.search(
    { q, product: [], version: [], docType: [], page: 1, pageSize: 10, explain: false },
    READER,
  );
}

beforeEach(async () => {
  work = mkdtempSync(join(tmpdir(), 'search-sync-'));
  cpSync(FIXTURES, join(work, 'fixtures'), { recursive: true });
  engine = await createSearchEngine({ engine: 'sqlite', dataDir: join(work, 'data') });
});

afterEach(async () => {
  await engine.close();
  rmSync(work, { recursive: true, force: true });
});

describe('listDocSetPages', () => {
  it('never lists the Data, Skins or Resources folders, nor underscore folders', async () => {
    expect(await listDocSetPages(join(FIXTURES, 'flare'))).toEqual([
      '/Content/Admin/Private.htm',
      '/Content/Admin/Users.htm',
      '/Content/Guides/Not_In_Toc.htm',
      '/Content/Overview.htm',
    ]);
    expect(await listDocSetPages(join(FIXTURES, 'sphinx'))).toEqual(['/library/textwrap.html']);
  });
});

describe('syncDocSet', () => {
  it('indexes a Flare doc set with TOC breadcrumbs and reports progress', async () => {
    const progress: SyncProgress[] = [];
    const result = await syncDocSet(engine, descriptor(join(work, 'fixtures', 'flare')), {
      onProgress: (p) => progress.push(p),
    });
    expect(result).toMatchObject({ pages: 4, changed: 4, removed: 0, warnings: [] });
    expect(progress.at(-1)).toMatchObject({ phase: 'write' });
    expect(progress.filter((p) => p.phase === 'read').at(-1)).toEqual({
      done: 4,
      total: 4,
      changed: 4,
      phase: 'read',
    });
    const users = (await find('administrators')).hits[0];
    expect(users?.breadcrumb).toEqual(['Platform Overview']);
    expect(users?.url).toBe('/docs/flare/Content/Admin/Users.htm?Highlight=administrators');
    expect((await find('topic table contents')).hits[0]?.breadcrumb).toEqual(['Guides']);
    for (const word of [
      'DataFolderword',
      'Skinsfolderword',
      'Resourcesfolderword',
      'Privatepageword',
      'Topmenuword',
    ]) {
      expect((await find(word)).total).toBe(0);
    }
  });

  it('re-extracts only pages whose content changed and removes vanished ones', async () => {
    const folder = join(work, 'fixtures', 'flare');
    await syncDocSet(engine, descriptor(folder));
    expect(await syncDocSet(engine, descriptor(folder))).toMatchObject({
      pages: 4,
      changed: 0,
      removed: 0,
    });
    writeFileSync(
      join(folder, 'Content', 'Guides', 'Not_In_Toc.htm'),
      '<html><body><div id="mc-main-content"><h1>Loose Topic</h1><p>Now about penguins.</p></div></body></html>',
    );
    rmSync(join(folder, 'Content', 'Admin', 'Users.htm'));
    expect(await syncDocSet(engine, descriptor(folder))).toMatchObject({
      pages: 3,
      changed: 1,
      removed: 1,
    });
    expect((await find('penguins')).total).toBe(1);
    expect((await find('administrators')).total).toBe(0);
  });

  it('re-indexes pages whose breadcrumb changed in the TOC', async () => {
    const folder = join(work, 'fixtures', 'flare');
    await syncDocSet(engine, descriptor(folder));
    writeFileSync(
      join(folder, 'Data', 'Tocs', 'Toc_Chunk0.js'),
      "define({'/Content/Admin/Private.htm':{i:[2],t:['Private Notes']},'/Content/Admin/Users.htm':{i:[1],t:['Managing Users']},'/Content/Overview.htm':{i:[0],t:['Renamed Overview']}});",
    );
    const result = await syncDocSet(engine, descriptor(folder));
    expect(result.changed).toBe(2);
    expect((await find('administrators')).hits[0]?.breadcrumb).toEqual(['Renamed Overview']);
  });

  it.each([0, 2])(
    're-indexes a page whose trail changed because a page above it was renamed (%i workers)',
    async (threads) => {
      const folder = join(work, 'chain');
      mkdirSync(folder);
      const write = (file: string, title: string, up: string, body: string) =>
        writeFileSync(
          join(folder, file),
          `<html><head><title>${title}</title><link rel="home" href="index.html"></head><body>` +
            `<h1>${title}</h1><p>${body}</p><div class="navfooter">${up}</div></body></html>`,
        );
      const upTo = (file: string) => `<a accesskey="u" href="${file}">Up</a>`;
      write('index.html', 'Guide', '', 'welcome');
      write('chapter.html', 'Chapter Alpha', upTo('index.html'), 'overview');
      write('section.html', 'Section One', upTo('chapter.html'), 'reconciliation');
      const chain = { ...descriptor(folder, 'chain') };
      const trailOfSection = async () => {
        const found = await engine.search(
          {
            q: 'reconciliation',
            product: [],
            version: [],
            docType: [],
            page: 1,
            pageSize: 5,
            explain: false,
          },
          { docSetIds: ['chain'] },
        );
        return found.hits[0]?.breadcrumb;
      };
      await syncDocSet(engine, chain, { threads });
      expect(await trailOfSection()).toEqual(['Chapter Alpha']);
      expect((await syncDocSet(engine, chain, { threads })).changed).toBe(0);

      write('chapter.html', 'Chapter Beta', upTo('index.html'), 'overview');
      const result = await syncDocSet(engine, chain, { threads });
      expect(result.changed).toBe(2);
      expect(await trailOfSection()).toEqual(['Chapter Beta']);
    },
  );

  it('indexes malformed pages as far as it can and logs them without stopping', async () => {
    const logged: Array<{ details: Record<string, unknown>; message: string }> = [];
    const folder = join(work, 'malformed');
    mkdirSync(folder);
    writeFileSync(join(folder, 'broken.html'), BROKEN_PAGE);
    const result = await syncDocSet(engine, descriptor(folder, 'broken'), {
      logger: { warn: (details, message) => logged.push({ details, message }) },
    });
    expect(result.pages).toBe(1);
    expect(result.warnings[0]).toMatchObject({ path: '/broken.html' });
    expect(logged[0]?.details).toEqual({ docSet: 'broken', path: '/broken.html' });
    expect(logged[0]?.message).toMatch(/malformed HTML/);
    expect((await find('survivorword')).total).toBe(1);
  });

  it('leaves the index untouched when aborted', async () => {
    const folder = join(work, 'fixtures', 'flare');
    const controller = new AbortController();
    controller.abort();
    await expect(
      syncDocSet(engine, descriptor(folder), { signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(await engine.indexedDocSets()).toEqual([]);
  });

  it('syncs configured doc sets and drops the ones no longer configured', async () => {
    await syncDocSets(engine, [
      descriptor(join(work, 'fixtures', 'flare')),
      descriptor(join(work, 'fixtures', 'sphinx'), 'sphinx'),
    ]);
    expect((await engine.indexedDocSets()).map((d) => d.docSet.id).sort()).toEqual([
      'flare',
      'sphinx',
    ]);
    await syncDocSets(engine, [descriptor(join(work, 'fixtures', 'sphinx'), 'sphinx')]);
    expect((await engine.indexedDocSets()).map((d) => d.docSet.id)).toEqual(['sphinx']);
    await removeDocSet(engine, 'sphinx');
    expect(await engine.indexedDocSets()).toEqual([]);
  });

  it('warms the index once, after the last doc set, and not at all when told not to', async () => {
    const calls: string[] = [];
    const counted: SearchEngine = Object.create(engine, {
      applyDocSetChanges: {
        value: (change: DocSetChange, options?: WriteOptions) => {
          calls.push(`write ${change.docSet.id} warm=${String(options?.warm)}`);
          return engine.applyDocSetChanges(change, options);
        },
      },
      warm: {
        value: () => {
          calls.push('warm');
          return engine.warm();
        },
      },
    });
    const docSets = [
      descriptor(join(work, 'fixtures', 'flare')),
      descriptor(join(work, 'fixtures', 'sphinx'), 'sphinx'),
    ];
    await syncDocSets(counted, docSets);
    expect(calls).toEqual(['write flare warm=false', 'write sphinx warm=false', 'warm']);
    expect((await find('textwrap')).total).toBeGreaterThan(0);

    calls.length = 0;
    await syncDocSets(counted, docSets, { warm: false });
    await syncDocSet(counted, descriptor(join(work, 'fixtures', 'flare')), { warm: false });
    expect(calls.filter((call) => call === 'warm')).toEqual([]);
    await syncDocSet(counted, descriptor(join(work, 'fixtures', 'flare')));
    expect(calls.at(-1)).toBe('warm');
  });
});
