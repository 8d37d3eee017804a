import type { Database } from 'better-sqlite3';
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
  len_title: number;
  len_heading: number;
  len_breadcrumb: number;
  len_text: number;
  plen_title: number;
  plen_heading: number;
  plen_breadcrumb: number;
  plen_text: number;
}

/** Reads the doc sets table. */
export function readDocSets(db: Database): StoredDocSet[] {
  const rows = db.prepare('SELECT * FROM doc_sets ORDER BY id').all() as DocSetRow[];
  return rows.map((row) => ({
    storeId: row.id,
    docSet: JSON.parse(row.descriptor) as DocSetDescriptor,
    pages: row.pages,
    sections: row.sections,
    revision: row.revision,
    lengthSums: [row.len_title, row.len_heading, row.len_breadcrumb, row.len_text],
    pageLengthSums: [row.plen_title, row.plen_heading, row.plen_breadcrumb, row.plen_text],
  }));
}

/**
 * Loads the in-memory part of the index (doc sets, vocabulary, section numbers), with empty caches
 * of decoded posting lists and section tokens within `limits`.
 */
export function loadSnapshot(
  db: Database,
  generation: string,
  limits: Pick<SearchMemoryLimits, 'postingCacheBytes' | 'sectionTokenCacheBytes'>,
): IndexSnapshot {
  const docSets = readDocSets(db);
  const vocabularyRows = db
    .prepare(
      `SELECT p.term_id AS termId, t.term AS term, t.stem AS stem, p.doc_set_id AS docSetId, p.df AS df
       FROM page_postings p JOIN terms t ON t.id = p.term_id`,
    )
    .all() as VocabularyRow[];
  const maxRow = db.prepare('SELECT COALESCE(MAX(id), 0) AS maxId FROM sections').get() as {
    maxId: number;
  };
  const maxId = maxRow.maxId;
  const page = new Int32Array(maxId + 1);
  const docSet = new Int32Array(maxId + 1);
  const lengths = new Uint32Array((maxId + 1) * FIELD_COUNT);
  const rows = db
    .prepare(
      'SELECT id, page_id, doc_set_id, len_title, len_heading, len_breadcrumb, len_text FROM sections',
    )
    .raw()
    .iterate() as IterableIterator<number[]>;
  for (const row of rows) {
    const id = row[0] as number;
    page[id] = row[1] as number;
    docSet[id] = row[2] as number;
    for (let f = 0; f < FIELD_COUNT; f++) lengths[id * FIELD_COUNT + f] = row[3 + f] as number;
  }
  const maxPage = (
    db.prepare('SELECT COALESCE(MAX(id), 0) AS maxId FROM pages').get() as { maxId: number }
  ).maxId;
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
  const pageRows = db
    .prepare('SELECT id, doc_set_id, len_title, len_heading, len_breadcrumb, len_text FROM pages')
    .raw()
    .iterate() as IterableIterator<number[]>;
  for (const row of pageRows) {
    const id = row[0] as number;
    pageDocSet[id] = row[1] as number;
    for (let f = 0; f < FIELD_COUNT; f++) pageLengths[id * FIELD_COUNT + f] = row[2 + f] as number;
  }
  return {
    generation,
    docSets,
    vocabulary: new Vocabulary(shareStemStrings(vocabularyRows)),
    pages: { maxId: maxPage, docSet: pageDocSet, lengths: pageLengths, firstSection, lastSection },
    sections: { maxId, page, docSet, lengths },
    cache: new PostingCache(limits.postingCacheBytes),
    sectionTokens: new SectionTokenCache(limits.sectionTokenCacheBytes),
  };
}
