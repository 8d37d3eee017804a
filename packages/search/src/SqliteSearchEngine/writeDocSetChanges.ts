import type { Database, Statement } from 'better-sqlite3';
import { AnalysisCursor, analysisOf, type PageRecord } from '../core/analysePage';
import { FIELD_COUNT } from '../core/fields';
import { IndexConflictError } from '../core/IndexStore';
import { encodeSectionTokens, termIdsOfTokens } from '../core/sectionTokens';
import type { DocSetChange, WriteOptions } from '../SearchEngine';
import { stemTerm } from '../text/stem';
import {
  LengthTotals,
  POSTINGS_PER_FLUSH,
  PostingChanges,
  WriteSteps,
  pageBatches,
} from '../core/writePlan';

/** Pages written between two yields to the event loop. */
const PAGES_PER_STEP = 25;
/** Terms rewritten between two yields to the event loop. */
const TERMS_PER_STEP = 2000;

/** Rows written by one statement (see {@link RowBatch}). */
const ROWS_PER_STATEMENT = 64;

/**
 * Rows of one table written {@link ROWS_PER_STATEMENT} at a time. For a row as small as a term's
 * or a posting list's, a statement of its own cost about as much again as the row: better-sqlite3
 * answers every `run` with a new object whose two properties V8 sets on its slow path, and SQLite
 * binds, steps and resets the statement each time (callgrind, the PostgreSQL manual into a new
 * index: 106,310 statements, 98,457 of them terms and posting lists).
 */
class RowBatch {
  private readonly many: Statement;
  private readonly one: Statement;
  private readonly values: unknown[];
  private filled = 0;

  /** `sql(rows)` is the statement writing `rows` rows of `columns` values each. */
  constructor(
    db: Database,
    private readonly columns: number,
    sql: (rows: string) => string,
  ) {
    const row = `(${'?, '.repeat(columns - 1)}?)`;
    this.many = db.prepare(sql(new Array<string>(ROWS_PER_STATEMENT).fill(row).join(', ')));
    this.one = db.prepare(sql(row));
    this.values = new Array<unknown>(columns * ROWS_PER_STATEMENT);
  }

  /** Adds a row: written with the next ones, at the latest by {@link flush}. */
  add(...row: unknown[]): void {
    for (const value of row) this.values[this.filled++] = value;
    if (this.filled === this.values.length) {
      // As arguments, not as one array: better-sqlite3 reads an array's items through V8's
      // slowest path (about 430 instructions each).
      this.many.run(...this.values);
      this.filled = 0;
    }
  }

  /** Writes the rows added since the last statement. */
  flush(): void {
    for (let at = 0; at < this.filled; at += this.columns) {
      this.one.run(...this.values.slice(at, at + this.columns));
    }
    this.filled = 0;
  }

  /** Forgets the rows not written (those of a write that failed: its transaction rolled back). */
  discard(): void {
    this.filled = 0;
  }
}

function postingStatements(db: Database, table: 'postings' | 'page_postings') {
  return {
    get: db.prepare(`SELECT data FROM ${table} WHERE term_id = ? AND doc_set_id = ?`).pluck(),
    upserts: new RowBatch(
      db,
      4,
      (rows) => `INSERT INTO ${table} (term_id, doc_set_id, df, data) VALUES ${rows}
       ON CONFLICT (term_id, doc_set_id) DO UPDATE SET df = excluded.df, data = excluded.data`,
    ),
    // Concatenated by SQLite: the stored list is not read into JavaScript.
    append: db.prepare(
      `UPDATE ${table} SET df = ?, data = CAST(data || ? AS BLOB) WHERE term_id = ? AND doc_set_id = ?`,
    ),
    remove: db.prepare(`DELETE FROM ${table} WHERE term_id = ? AND doc_set_id = ?`),
  };
}

type PostingStatements = ReturnType<typeof postingStatements>;

/** Merges collected posting changes into one table's rows, then forgets them. */
async function flushPostings(
  changes: PostingChanges,
  table: PostingStatements,
  docSetId: number,
  steps: WriteSteps,
): Promise<void> {
  let step = 0;
  for (const termId of changes.terms()) {
    const stored = changes.needsStored(termId)
      ? (table.get.get(termId, docSetId) as Uint8Array | undefined)
      : undefined;
    const merged = changes.merge(termId, stored);
    if (merged === 'unchanged') continue;
    if (merged.kind === 'delete') table.remove.run(termId, docSetId);
    else if (merged.kind === 'put') table.upserts.add(termId, docSetId, merged.df, merged.data);
    else table.append.run(merged.df, merged.data, termId, docSetId);
    if (++step % TERMS_PER_STEP === 0) await steps.checkpoint();
  }
  table.upserts.flush();
  changes.clear();
}

/** Prepared statements of the write path. */
function statements(db: Database) {
  return {
    docSet: db.prepare('SELECT id, revision, descriptor FROM doc_sets WHERE key = ?'),
    insertDocSet: db.prepare('INSERT INTO doc_sets (key, descriptor) VALUES (?, ?)'),
    updateDescriptor: db.prepare('UPDATE doc_sets SET descriptor = ? WHERE id = ?'),
    page: db.prepare(
      'SELECT id, len_title, len_heading, len_breadcrumb, len_text FROM pages WHERE doc_set_id = ? AND path = ?',
    ),
    insertPage: db.prepare(
      `INSERT INTO pages (doc_set_id, path, title, breadcrumb, hash, len_title, len_heading, len_breadcrumb, len_text)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    deletePage: db.prepare('DELETE FROM pages WHERE id = ?'),
    pageSections: db.prepare(
      'SELECT id, tokens, len_title, len_heading, len_breadcrumb, len_text FROM sections WHERE page_id = ?',
    ),
    deleteSections: db.prepare('DELETE FROM sections WHERE page_id = ?'),
    insertSection: db.prepare(
      `INSERT INTO sections (page_id, doc_set_id, ord, heading, anchor, text, tokens,
         len_title, len_heading, len_breadcrumb, len_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    allTerms: db.prepare('SELECT term, id FROM terms').raw(),
    lastTermId: db
      .prepare(
        `SELECT max(coalesce((SELECT max(id) FROM terms), 0),
           coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'terms'), 0))`,
      )
      .pluck(),
    terms: new RowBatch(db, 3, (rows) => `INSERT INTO terms (id, term, stem) VALUES ${rows}`),
    sectionPostings: postingStatements(db, 'postings'),
    pagePostings: postingStatements(db, 'page_postings'),
    bump: db.prepare(
      `UPDATE doc_sets SET revision = revision + 1, pages = pages + ?, sections = sections + ?,
         len_title = len_title + ?, len_heading = len_heading + ?,
         len_breadcrumb = len_breadcrumb + ?, len_text = len_text + ?,
         plen_title = plen_title + ?, plen_heading = plen_heading + ?,
         plen_breadcrumb = plen_breadcrumb + ?, plen_text = plen_text + ? WHERE id = ?`,
    ),
    generation: db.prepare(
      "UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'generation'",
    ),
  };
}

type Statements = ReturnType<typeof statements>;
const prepared = new WeakMap<Database, Statements>();

function statementsFor(db: Database): Statements {
  let found = prepared.get(db);
  if (found === undefined) {
    found = statements(db);
    prepared.set(db, found);
  }
  return found;
}

type LengthRow = {
  len_title: number;
  len_heading: number;
  len_breadcrumb: number;
  len_text: number;
};
const lengthsOf = (row: LengthRow) => [
  row.len_title,
  row.len_heading,
  row.len_breadcrumb,
  row.len_text,
];

/**
 * Applies a doc set change inside the transaction the caller opened. A changed page is removed
 * and written again with new page and section ids (ids only grow, so postings stay sorted by
 * appending); the old ids leave the section and page postings of every term they held. Yields
 * to the event loop between steps so a server stays responsive; the caller commits or rolls back.
 */
export async function writeDocSetChanges(
  db: Database,
  change: DocSetChange,
  options: WriteOptions,
): Promise<void> {
  const s = statementsFor(db);
  for (const batch of [s.terms, s.sectionPostings.upserts, s.pagePostings.upserts]) batch.discard();
  const { docSet } = change;
  type Row = { id: number; revision: number; descriptor: string };
  let row = s.docSet.get(docSet.id) as Row | undefined;
  if (change.basedOn !== undefined && change.basedOn !== (row?.revision ?? 0)) {
    throw new IndexConflictError(`doc set ${docSet.id} changed while it was being indexed`);
  }
  const descriptor = JSON.stringify(docSet);
  const batches = pageBatches(change.upserts, PAGES_PER_STEP);
  // A stream is read up to its first batch to tell an empty change from a real one.
  const first = await batches.next();
  const nothingToDo =
    change.removals.length === 0 && (first.done === true || first.value.length === 0);
  // A new doc set has no posting rows yet: merges need not look for any.
  const postingsEmpty = row === undefined;
  if (row === undefined) {
    s.insertDocSet.run(docSet.id, descriptor);
    row = s.docSet.get(docSet.id) as Row;
  } else if (row.descriptor !== descriptor) {
    s.updateDescriptor.run(descriptor, row.id);
  } else if (nothingToDo) {
    // Unchanged: no new generation, so readers keep their loaded snapshot.
    return;
  }
  const docSetId = row.id;
  const steps = new WriteSteps(change, options);
  const sectionChanges = new PostingChanges(postingsEmpty);
  const pageChanges = new PostingChanges(postingsEmpty);
  const totals = new LengthTotals();
  // Read inside the write transaction, so no other writer adds terms meanwhile.
  const termIds = new Map<string, number>(s.allTerms.all() as Array<[string, number]>);
  // Numbered here, as SQLite would number them, so that they can be written in batches.
  let lastTermId = s.lastTermId.get() as number;
  const termIdFor = (term: string): number => {
    let id = termIds.get(term);
    if (id !== undefined) return id;
    id = ++lastTermId;
    s.terms.add(id, term, stemTerm(term));
    termIds.set(term, id);
    return id;
  };
  const flushWhenFull = async (): Promise<void> => {
    if (sectionChanges.size + pageChanges.size < POSTINGS_PER_FLUSH) return;
    await flushPostings(sectionChanges, s.sectionPostings, docSetId, steps);
    await flushPostings(pageChanges, s.pagePostings, docSetId, steps);
  };

  const dropPage = (path: string): void => {
    const page = s.page.get(docSetId, path) as ({ id: number } & LengthRow) | undefined;
    if (page === undefined) return;
    const sections = s.pageSections.all(page.id) as Array<
      { id: number; tokens: Uint8Array } & LengthRow
    >;
    const pageTerms = new Set<number>();
    for (const section of sections) {
      for (const termId of termIdsOfTokens(section.tokens)) {
        sectionChanges.remove(termId, section.id);
        pageTerms.add(termId);
      }
      totals.section(lengthsOf(section), -1);
    }
    for (const termId of pageTerms) pageChanges.remove(termId, page.id);
    totals.page(lengthsOf(page), -1);
    s.deleteSections.run(page.id);
    s.deletePage.run(page.id);
  };

  for (const path of change.removals) {
    dropPage(path);
    if (++steps.done % PAGES_PER_STEP === 0) await steps.checkpoint();
  }

  const writePage = (record: PageRecord): void => {
    dropPage(record.path);
    const page = new AnalysisCursor(analysisOf(record));
    const { data } = page;
    const termIds = page.termIds(termIdFor);
    const pageId = Number(
      s.insertPage.run(
        docSetId,
        record.path,
        record.title,
        JSON.stringify(record.breadcrumb),
        record.hash,
        data[0],
        data[1],
        data[2],
        data[3],
      ).lastInsertRowid,
    );
    totals.page(data, 1);
    for (let term = 0; term < termIds.length; term++) {
      pageChanges.add(termIds[term] as number, pageId, data, page.pageTfAt + term * FIELD_COUNT);
    }
    record.sections.forEach((section, ord) => {
      page.nextSection();
      const lengths = page.lengthsAt;
      const sectionId = Number(
        s.insertSection.run(
          pageId,
          docSetId,
          ord,
          section.heading,
          section.anchor,
          section.text,
          encodeSectionTokens(data, page.tokensAt, termIds),
          data[lengths],
          data[lengths + 1],
          data[lengths + 2],
          data[lengths + 3],
        ).lastInsertRowid,
      );
      for (
        let k = 0, at = page.frequenciesAt;
        k < page.frequencyCount;
        k++, at += 1 + FIELD_COUNT
      ) {
        sectionChanges.add(termIds[data[at] as number] as number, sectionId, data, at + 1);
      }
      totals.section(data, 1, lengths);
    });
  };

  if (first.done !== true) {
    let batch: PageRecord[] | undefined = first.value;
    while (batch !== undefined) {
      for (const record of batch) {
        writePage(record);
        steps.done++;
        await steps.pause();
      }
      await steps.checkpoint();
      await flushWhenFull();
      const next = await batches.next();
      batch = next.done === true ? undefined : next.value;
    }
  }
  await steps.checkpoint();
  s.terms.flush();
  await flushPostings(sectionChanges, s.sectionPostings, docSetId, steps);
  await flushPostings(pageChanges, s.pagePostings, docSetId, steps);
  s.bump.run(
    totals.pageDelta,
    totals.sectionDelta,
    ...totals.sectionLengths,
    ...totals.pageLengths,
    docSetId,
  );
  s.generation.run();
}
