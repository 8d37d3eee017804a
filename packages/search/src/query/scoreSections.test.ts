import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRecord } from '../core/analysePage';
import type { DocSetDescriptor } from '../SearchEngine';
import { SqliteIndexStore } from '../SqliteSearchEngine/SqliteIndexStore';
import { executeSearch } from './executeSearch';
import { DEFAULT_RANKING, type RankingOptions } from './rankingOptions';
import { compileSynonyms } from './synonyms';

const dataDir = mkdtempSync(join(tmpdir(), 'search-score-sections-'));
const store = new SqliteIndexStore(dataDir);
afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const docSet: DocSetDescriptor = {
  id: 'kilns',
  title: 'Kilns',
  product: 'Kilns',
  version: '1',
  docType: 'Guide',
  urlPrefix: '/docs/kilns',
  folder: '/nowhere',
};

const page = (path: string, title: string, text: string): PageRecord => ({
  path,
  title,
  breadcrumb: ['Guide'],
  hash: path,
  sections: [{ heading: 'Notes', anchor: 'notes', text }],
});

/** The paths of the pages found for `q`, best first. */
async function ranked(q: string, ranking: RankingOptions): Promise<string[]> {
  const outcome = await store.read((reader) =>
    executeSearch(
      reader,
      { q, product: [], version: [], docType: [], page: 1, pageSize: 10 },
      { docSetIds: ['kilns'] },
      { ranking, synonyms: compileSynonyms() },
    ),
  );
  const paths = await store.read((reader) => reader.pages(outcome.pages.map((p) => p.pageId)));
  return outcome.pages.map((p) => paths.get(p.pageId)?.path ?? '');
}

describe('scoreSections', () => {
  beforeAll(async () => {
    await store.applyDocSetChanges({
      docSet,
      upserts: [
        page(
          '/panel.htm',
          'Firing log',
          'The KilnTools panel lists every firing of the week, with its cone, how long it took and the clay loaded.',
        ),
        page('/loading.htm', 'Loading', 'Kiln tools. Kiln tools. Tools, kiln.'),
        ...['glaze', 'clay', 'slip', 'cone', 'shelf', 'post'].map((word, n) =>
          page(`/other${n}.htm`, `Other ${n}`, `A ${word} and a kiln, or a ${word} alone.`),
        ),
      ],
      removals: [],
    });
  });

  it("weighs a camelCase name's parts apart below the name where another section says it whole", async () => {
    // Counted as the name itself, the parts said three times outweigh the name said once.
    const asWhole = { ...DEFAULT_RANKING, scatteredPartsWeight: 1 };
    expect((await ranked('KilnTools', asWhole))[0]).toBe('/loading.htm');
    expect(await ranked('KilnTools', DEFAULT_RANKING)).toEqual(['/panel.htm', '/loading.htm']);
    // Words typed apart are no name: the page saying them most comes first.
    expect((await ranked('kiln tools', DEFAULT_RANKING))[0]).toBe('/loading.htm');
  });
});
