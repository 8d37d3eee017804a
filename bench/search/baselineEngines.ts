import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Charset, Document } from 'flexsearch';
import lunr from 'lunr';
import MiniSearch from 'minisearch';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import type { PageRecord } from '@docs-portal/search';

/** One section as every baseline indexes it: title, heading and text, plus its page. */
export interface SectionDoc {
  [field: string]: string | number;
  id: number;
  page: string;
  title: string;
  heading: string;
  text: string;
}

/** An engine under test: built once from the records, then queried. */
export interface BenchEngine {
  /** Name printed in the tables. */
  name: string;
  /** Builds the index. */
  build(records: readonly PageRecord[]): Promise<void>;
  /**
   * Loads the built index for searches and warms its caches, for an engine that does so apart
   * from writing it (ours: `SearchEngine.warm`); timed apart from the build.
   */
  warm?(): Promise<void>;
  /** Top pages (paths) for a query, best first, at most `limit`. */
  search(query: string, limit: number): Promise<string[]>;
  /** Size of the built index on disk, for engines that write one. */
  size?(): Promise<IndexSize>;
  /** Frees resources. */
  close?(): Promise<void>;
}

/** Bytes an index takes, measured after its write. */
export interface IndexSize {
  /** Bytes of the files the index wrote (or the database reports for it). */
  bytes: number;
  /** What the engine itself reports (`SearchEngine.stats().bytes`), when it reports it. */
  reported?: number;
}

/** Bytes of every file under a folder. */
export function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}

/** Sections of the records, numbered, as the baselines index them. */
export function sectionDocs(records: readonly PageRecord[]): SectionDoc[] {
  const docs: SectionDoc[] = [];
  for (const page of records) {
    for (const section of page.sections) {
      docs.push({
        id: docs.length,
        page: page.path,
        title: page.title,
        heading: section.heading,
        text: section.text,
      });
    }
  }
  return docs;
}

/** Turns a ranked list of section hits into a ranked list of pages (a page ranks at its best section). */
export function pagesOf(
  sectionIds: Iterable<number>,
  docs: readonly SectionDoc[],
  limit: number,
): string[] {
  const pages: string[] = [];
  const seen = new Set<string>();
  for (const id of sectionIds) {
    const page = docs[id]?.page;
    if (page === undefined || seen.has(page)) continue;
    seen.add(page);
    pages.push(page);
    if (pages.length >= limit) break;
  }
  return pages;
}

/** Section hits each baseline returns before they are grouped into pages. */
const SECTION_HITS = 200;

/** MiniSearch with its documented search-box settings: prefix on the last word, fuzzy 0.2, title boost. */
export function miniSearchEngine(): BenchEngine {
  let docs: SectionDoc[] = [];
  let index: MiniSearch<SectionDoc>;
  return {
    name: 'MiniSearch',
    async build(records) {
      docs = sectionDocs(records);
      index = new MiniSearch<SectionDoc>({
        fields: ['title', 'heading', 'text'],
        searchOptions: {
          boost: { title: 2 },
          prefix: (_term, i, terms) => i === terms.length - 1,
          fuzzy: 0.2,
        },
      });
      index.addAll(docs);
    },
    async search(query, limit) {
      const hits = index.search(query).slice(0, SECTION_HITS);
      return pagesOf(
        hits.map((h) => h.id as number),
        docs,
        limit,
      );
    },
  };
}

/** Queries for which lunr threw on prefix or typo expansion and ran with plain terms instead. */
export let lunrFallbacks = 0;

/** lunr with its default pipeline (stemming, stop words); exact terms boosted over prefix and one-edit terms. */
export function lunrEngine(): BenchEngine {
  let docs: SectionDoc[] = [];
  let index: lunr.Index;
  return {
    name: 'lunr',
    async build(records) {
      docs = sectionDocs(records);
      index = lunr(function () {
        this.ref('id');
        this.field('title', { boost: 2 });
        this.field('heading');
        this.field('text');
        for (const doc of docs) this.add(doc);
      });
    },
    async search(query, limit) {
      // lunr keeps its inverted index in a plain object and crashes on terms such as
      // "constructor" that name Object.prototype members; those terms are left out.
      const terms = lunr
        .tokenizer(query)
        .map((t) => t.toString().toLowerCase().replace(/\*/g, ''))
        .filter((t) => t !== '' && !(t in Object.prototype));
      const run = (expand: boolean) =>
        index.query((q) => {
          terms.forEach((term, i) => {
            q.term(term, { boost: 10 });
            if (!expand) return;
            if (i === terms.length - 1)
              q.term(term, {
                wildcard: lunr.Query.wildcard.TRAILING,
                boost: 2,
                usePipeline: false,
              });
            if (term.length >= 5) q.term(term, { editDistance: 1, boost: 1, usePipeline: false });
          });
        });
      let hits: lunr.Index.Result[];
      try {
        hits = run(true);
      } catch {
        // lunr throws on some token-set expansions it cannot look up; retry with plain terms.
        lunrFallbacks++;
        try {
          hits = run(false);
        } catch {
          hits = [];
        }
      }
      return pagesOf(
        hits.slice(0, SECTION_HITS).map((h) => Number(h.ref)),
        docs,
        limit,
      );
    },
  };
}

/** FlexSearch document index with forward (prefix) tokenisation, balanced Latin encoder and suggestions. */
export function flexSearchEngine(): BenchEngine {
  let docs: SectionDoc[] = [];
  let index: Document<SectionDoc>;
  return {
    name: 'FlexSearch',
    async build(records) {
      docs = sectionDocs(records);
      index = new Document<SectionDoc>({
        tokenize: 'forward',
        encoder: Charset.LatinBalance,
        document: { id: 'id', index: ['title', 'heading', 'text'] },
      });
      for (const doc of docs) index.add(doc);
    },
    async search(query, limit) {
      const results = index.search(query, {
        limit: SECTION_HITS,
        suggest: true,
        merge: true,
      }) as Array<{ id: number }>;
      return pagesOf(
        results.map((r) => Number(r.id)),
        docs,
        limit,
      );
    },
  };
}

/** Orama full-text search with typo tolerance 1, title boost, any-term matching. */
export function oramaEngine(): BenchEngine {
  let docs: SectionDoc[] = [];
  // Orama's generic schema types are deep; the instance is only passed back to Orama.
  let db: Awaited<ReturnType<typeof createDb>>;
  const createDb = () =>
    create({
      schema: {
        title: 'string',
        heading: 'string',
        text: 'string',
        page: 'string',
        ref: 'number',
      } as const,
    });
  return {
    name: 'Orama',
    async build(records) {
      docs = sectionDocs(records);
      db = createDb();
      await insertMultiple(
        db,
        docs.map((d) => ({
          title: d.title,
          heading: d.heading,
          text: d.text,
          page: d.page,
          ref: d.id,
        })),
        1000,
      );
    },
    async search(query, limit) {
      const result = await oramaSearch(db, {
        term: query,
        properties: ['title', 'heading', 'text'],
        boost: { title: 2 },
        tolerance: 1,
        threshold: 1,
        limit: SECTION_HITS,
      });
      return pagesOf(
        result.hits.map((h) => h.document.ref as number),
        docs,
        limit,
      );
    },
  };
}

/**
 * SQLite FTS5 with its default tokenizer and default bm25 ranking; terms OR-ed, last one as a
 * prefix. The index is written to a file (in a temporary folder) so its size can be compared.
 */
export function fts5Engine(): BenchEngine {
  let docs: SectionDoc[] = [];
  let db: Database.Database;
  let statement: Database.Statement;
  const dir = mkdtempSync(join(tmpdir(), 'search-bench-fts5-'));
  const file = join(dir, 'fts5.sqlite');
  return {
    name: 'SQLite FTS5 bm25',
    async build(records) {
      docs = sectionDocs(records);
      db = new Database(file);
      db.exec('CREATE VIRTUAL TABLE sections USING fts5(title, heading, text)');
      const insert = db.prepare(
        'INSERT INTO sections (rowid, title, heading, text) VALUES (?, ?, ?, ?)',
      );
      db.transaction(() => {
        for (const d of docs) insert.run(d.id, d.title, d.heading, d.text);
      })();
      statement = db
        .prepare(
          `SELECT rowid FROM sections WHERE sections MATCH ? ORDER BY rank LIMIT ${SECTION_HITS}`,
        )
        .pluck();
    },
    async search(query, limit) {
      const terms = query.match(/[\p{L}\p{N}_]+/gu) ?? [];
      if (terms.length === 0) return [];
      const match = terms.map((t, i) => `"${t}"${i === terms.length - 1 ? '*' : ''}`).join(' OR ');
      return pagesOf(statement.all(match) as number[], docs, limit);
    },
    async size() {
      return { bytes: folderBytes(dir) };
    },
    async close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
