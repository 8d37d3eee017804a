import type { ClientBase } from 'pg';
import { FIELD_COUNT } from '../core/fields';
import type { IndexSnapshot, StoredDocSet } from '../core/IndexStore';
import type { SearchMemoryLimits } from '../core/memoryLimits';
import { PostingCache } from '../core/PostingCache';
import { SectionTokenCache } from '../core/SectionTokenCache';
import { shareStemStrings } from '../core/shareStemStrings';
import { Vocabulary, type VocabularyRow } from '../core/Vocabulary';
import type { DocSetDescriptor } from '../SearchEngine';

interface DocSetRow {
  id: number;
  descriptor: string;
  revision: number;
  pages: number;
  sections: number;
  // bigint columns arrive as strings.
  len_title: string;
  len_heading: string;
  len_breadcrumb: string;
  len_text: string;
  plen_title: string;
  plen_heading: string;
  plen_breadcrumb: string;
  plen_text: string;
}

/** Reads the doc sets table. */
export async function readPgDocSets(client: ClientBase): Promise<StoredDocSet[]> {
  const { rows } = await client.query<DocSetRow>('SELECT * FROM search_doc_sets ORDER BY id');
  return rows.map((row) => ({
    storeId: row.id,
    docSet: JSON.parse(row.descriptor) as DocSetDescriptor,
    pages: row.pages,
    sections: row.sections,
    revision: row.revision,
    lengthSums: [row.len_title, row.len_heading, row.len_breadcrumb, row.len_text].map(Number),
    pageLengthSums: [row.plen_title, row.plen_heading, row.plen_breadcrumb, row.plen_text].map(
      Number,
    ),
  }));
}

/** Rows of the page and section tables read per round trip while a snapshot loads. */
export const SNAPSHOT_CHUNK_ROWS = 20_000;

/** The largest id of a table (0 when empty), from its primary key. */
async function maxIdOf(client: ClientBase, table: string): Promise<number> {
  const { rows } = await client.query<number[]>({
    text: `SELECT COALESCE(MAX(id), 0) FROM ${table}`,
    rowMode: 'array',
  });
  return Number(rows[0]?.[0] ?? 0);
}

/**
 * Calls `visit` with every row of `SELECT id, <columns> FROM <table>` (numbers), read `chunk`
 * rows at a time in id order, so that only one chunk of row arrays is alive at once whatever
 * the size of the table. The caller's transaction keeps the chunks consistent with each other.
 */
async function forEachNumberRow(
  client: ClientBase,
  table: string,
  columns: string,
  chunk: number,
  visit: (row: number[]) => void,
): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await client.query<number[]>({
      text: `SELECT id, ${columns} FROM ${table} WHERE id > $1 ORDER BY id LIMIT $2`,
      values: [after, chunk],
      rowMode: 'array',
    });
    for (const row of rows) visit(row);
    if (rows.length < chunk) return;
    after = rows[rows.length - 1]?.[0] as number;
  }
}

/**
 * Loads the in-memory part of the index (doc sets, vocabulary, page and section numbers) as
 * the caller's transaction sees it; the same structures the SQLite store builds, with empty caches
 * of decoded posting lists and section tokens within `limits`. Page and section rows are
 * read `chunkRows` at a time straight into the typed-array tables.
 */
export async function loadPgSnapshot(
  client: ClientBase,
  generation: string,
  limits: Pick<SearchMemoryLimits, 'postingCacheBytes' | 'sectionTokenCacheBytes'>,
  chunkRows = SNAPSHOT_CHUNK_ROWS,
): Promise<IndexSnapshot> {
  const docSets = await readPgDocSets(client);
  const vocabulary = await client.query<VocabularyRow>(
    `SELECT p.term_id AS "termId", t.term AS term, t.stem AS stem, p.doc_set_id AS "docSetId", p.df AS df
     FROM search_page_postings p JOIN search_terms t ON t.id = p.term_id`,
  );
  const maxId = await maxIdOf(client, 'search_sections');
  const page = new Int32Array(maxId + 1);
  const docSet = new Int32Array(maxId + 1);
  const lengths = new Uint32Array((maxId + 1) * FIELD_COUNT);
  await forEachNumberRow(
    client,
    'search_sections',
    'page_id, doc_set_id, len_title, len_heading, len_breadcrumb, len_text',
    chunkRows,
    (row) => {
      const id = row[0] as number;
      page[id] = row[1] as number;
      docSet[id] = row[2] as number;
      for (let f = 0; f < FIELD_COUNT; f++) lengths[id * FIELD_COUNT + f] = row[3 + f] as number;
    },
  );
  const maxPage = await maxIdOf(client, 'search_pages');
  const pageDocSet = new Int32Array(maxPage + 1);
  const firstSection = new Int32Array(maxPage + 1).fill(0x7fffffff);
  const lastSection = new Int32Array(maxPage + 1).fill(-1);
  for (let id = 1; id <= maxId; id++) {
    const p = page[id] as number;
    if (p === 0) continue;
    if (id < (firstSection[p] as number)) firstSection[p] = id;
    if (id > (lastSection[p] as number)) lastSection[p] = id;
  }
  const pageLengths = new Uint32Array((maxPage + 1) * FIELD_COUNT);
  await forEachNumberRow(
    client,
    'search_pages',
    'doc_set_id, len_title, len_heading, len_breadcrumb, len_text',
    chunkRows,
    (row) => {
      const id = row[0] as number;
      pageDocSet[id] = row[1] as number;
      for (let f = 0; f < FIELD_COUNT; f++)
        pageLengths[id * FIELD_COUNT + f] = row[2 + f] as number;
    },
  );
  return {
    generation,
    docSets,
    vocabulary: new Vocabulary(shareStemStrings(vocabulary.rows)),
    pages: { maxId: maxPage, docSet: pageDocSet, lengths: pageLengths, firstSection, lastSection },
    sections: { maxId, page, docSet, lengths },
    cache: new PostingCache(limits.postingCacheBytes),
    sectionTokens: new SectionTokenCache(limits.sectionTokenCacheBytes),
  };
}
