import type { Database } from 'better-sqlite3';
import { analysePage } from '../core/analysePage';
import { FIELD_COUNT } from '../core/fields';
import { IndexAbortError, IndexConflictError } from '../core/IndexStore';
import { PostingAppender, PostingList, encodePostings } from '../core/postings';
import { encodeSectionTokens, termIdsOfTokens } from '../core/sectionTokens';
import type { DocSetChange, WriteProgress } from '../SearchEngine';
import { stemTerm } from '../text/stem';

/** Pages written between two yields to the event loop. */
const PAGES_PER_STEP = 25;
/** Terms rewritten between two yields to the event loop. */
const TERMS_PER_STEP = 2000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function postingStatements(db: Database, table: 'postings' | 'page_postings') {
  return {
    get: db.prepare(`SELECT data FROM ${table} WHERE term_id = ? AND doc_set_id = ?`).pluck(),
    upsert: db.prepare(
      `INSERT INTO ${table} (term_id, doc_set_id, df, data) VALUES (?, ?, ?, ?)
       ON CONFLICT (term_id, doc_set_id) DO UPDATE SET df = excluded.df, data = excluded.data`,
    ),
    remove: db.prepare(`DELETE FROM ${table} WHERE term_id = ? AND doc_set_id = ?`),
  };
}

type PostingStatements = ReturnType<typeof postingStatements>;

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
    term: db.prepare('SELECT id FROM terms WHERE term = ?').pluck(),
    insertTerm: db.prepare('INSERT INTO terms (term, stem) VALUES (?, ?)'),
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

/** Postings removed and added for one kind of document (sections or pages) during a write. */
class PostingChanges {
  readonly removed = new Map<number, Set<number>>();
  readonly added = new Map<number, PostingAppender>();

  remove(termId: number, docId: number): void {
    let set = this.removed.get(termId);
    if (set === undefined) this.removed.set(termId, (set = new Set()));
    set.add(docId);
  }

  add(termId: number, docId: number, tf: readonly number[]): void {
    let appender = this.added.get(termId);
    if (appender === undefined) this.added.set(termId, (appender = new PostingAppender()));
    appender.add(docId, tf);
  }

  terms(): Set<number> {
    return new Set([...this.removed.keys(), ...this.added.keys()]);
  }

  /** Rewrites the postings of one term in one doc set. */
  apply(s: PostingStatements, termId: number, docSetId: number, list: PostingList): void {
    const blob = s.get.get(termId, docSetId) as Uint8Array | undefined;
    const fresh = this.added.get(termId);
    const gone = this.removed.get(termId);
    if (blob === undefined && fresh !== undefined) {
      // New term for this doc set (every term of a first build): the appended blob is final.
      s.upsert.run(termId, docSetId, fresh.count, fresh.finish());
      return;
    }
    list.reset();
    if (blob !== undefined) list.append(blob);
    // New ids are larger than all existing ones, so appending keeps the list sorted.
    if (fresh !== undefined) list.append(fresh.finish());
    let postings = list.toArray();
    if (gone !== undefined) postings = postings.filter((p) => !gone.has(p.sectionId));
    if (postings.length === 0) s.remove.run(termId, docSetId);
    else s.upsert.run(termId, docSetId, postings.length, encodePostings(postings));
  }
}

/**
 * Applies a doc set change inside the transaction the caller opened. A changed page is removed
 * and written again with new page and section ids (ids only grow, so postings stay sorted by
 * appending); the old ids leave the section and page postings of every term they held. Yields
 * to the event loop between steps so a server stays responsive; the caller commits or rolls back.
 */
export async function writeDocSetChanges(
  db: Database,
  change: DocSetChange,
  options: { onProgress?(progress: WriteProgress): void; signal?: AbortSignal },
): Promise<void> {
  const s = statementsFor(db);
  const { docSet } = change;
  type Row = { id: number; revision: number; descriptor: string };
  let row = s.docSet.get(docSet.id) as Row | undefined;
  if (change.basedOn !== undefined && change.basedOn !== (row?.revision ?? 0)) {
    throw new IndexConflictError(`doc set ${docSet.id} changed while it was being indexed`);
  }
  const descriptor = JSON.stringify(docSet);
  const nothingToDo = change.upserts.length === 0 && change.removals.length === 0;
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
  const total = change.upserts.length + change.removals.length;
  let done = 0;
  const sectionChanges = new PostingChanges();
  const pageChanges = new PostingChanges();
  const sectionLengths = new Array<number>(FIELD_COUNT).fill(0);
  const pageLengths = new Array<number>(FIELD_COUNT).fill(0);
  let sectionDelta = 0;
  let pageDelta = 0;
  const termIds = new Map<string, number>();
  const termIdFor = (term: string): number => {
    let id = termIds.get(term);
    if (id !== undefined) return id;
    id = s.term.get(term) as number | undefined;
    if (id === undefined) id = Number(s.insertTerm.run(term, stemTerm(term)).lastInsertRowid);
    termIds.set(term, id);
    return id;
  };

  const checkpoint = async (): Promise<void> => {
    if (options.signal?.aborted) throw new IndexAbortError('indexing aborted');
    options.onProgress?.({ done, total });
    await yieldToEventLoop();
    if (options.signal?.aborted) throw new IndexAbortError('indexing aborted');
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
      lengthsOf(section).forEach(
        (length, f) => (sectionLengths[f] = (sectionLengths[f] ?? 0) - length),
      );
      sectionDelta--;
    }
    for (const termId of pageTerms) pageChanges.remove(termId, page.id);
    lengthsOf(page).forEach((length, f) => (pageLengths[f] = (pageLengths[f] ?? 0) - length));
    s.deleteSections.run(page.id);
    s.deletePage.run(page.id);
    pageDelta--;
  };

  for (const path of change.removals) {
    dropPage(path);
    if (++done % PAGES_PER_STEP === 0) await checkpoint();
  }

  for (const record of change.upserts) {
    dropPage(record.path);
    const analysed = analysePage(record);
    const [pt, ph, pb, px] = analysed.lengths as [number, number, number, number];
    const pageId = Number(
      s.insertPage.run(
        docSetId,
        record.path,
        record.title,
        JSON.stringify(record.breadcrumb),
        record.hash,
        pt,
        ph,
        pb,
        px,
      ).lastInsertRowid,
    );
    pageDelta++;
    analysed.lengths.forEach((length, f) => (pageLengths[f] = (pageLengths[f] ?? 0) + length));
    for (const [term, tf] of analysed.frequencies) pageChanges.add(termIdFor(term), pageId, tf);
    analysed.sections.forEach((section, ord) => {
      const fields = section.fields.map((tokens) =>
        tokens.map((token) => ({ termId: termIdFor(token.term), position: token.position })),
      );
      const [lt, lh, lb, lx] = section.lengths as [number, number, number, number];
      const sectionId = Number(
        s.insertSection.run(
          pageId,
          docSetId,
          ord,
          section.heading,
          section.anchor,
          section.text,
          encodeSectionTokens(fields),
          lt,
          lh,
          lb,
          lx,
        ).lastInsertRowid,
      );
      for (const [term, tf] of section.frequencies)
        sectionChanges.add(termIdFor(term), sectionId, tf);
      section.lengths.forEach(
        (length, f) => (sectionLengths[f] = (sectionLengths[f] ?? 0) + length),
      );
      sectionDelta++;
    });
    if (++done % PAGES_PER_STEP === 0) await checkpoint();
  }
  await checkpoint();

  const list = new PostingList();
  let step = 0;
  for (const [changes, table] of [
    [sectionChanges, s.sectionPostings],
    [pageChanges, s.pagePostings],
  ] as const) {
    for (const termId of changes.terms()) {
      changes.apply(table, termId, docSetId, list);
      if (++step % TERMS_PER_STEP === 0) await checkpoint();
    }
  }
  s.bump.run(pageDelta, sectionDelta, ...sectionLengths, ...pageLengths, docSetId);
  s.generation.run();
}
