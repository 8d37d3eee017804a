import type { ClientBase } from 'pg';
import {
  AnalysisCursor,
  analysisOf,
  type PageAnalysis,
  type PageRecord,
} from '../core/analysePage';
import { FIELD_COUNT } from '../core/fields';
import { IndexConflictError } from '../core/IndexStore';
import {
  LengthTotals,
  POSTINGS_PER_FLUSH,
  PostingChanges,
  WriteSteps,
  pageBatches,
} from '../core/writePlan';
import { encodeSectionTokens, termIdsOfTokens } from '../core/sectionTokens';
import type { DocSetChange, WriteOptions } from '../SearchEngine';
import { stemTerm } from '../text/stem';

/** Pages analysed and written per round trip (and between two progress reports). */
const PAGES_PER_STEP = 50;
/** Terms looked up or rewritten per round trip. */
const TERMS_PER_STEP = 2000;

type Lengths = [number, number, number, number];
const LENGTH_COLUMNS = 'len_title, len_heading, len_breadcrumb, len_text';

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

/** Merges collected posting changes into one table's rows, a batch of terms at a time. */
async function flushPostings(
  client: ClientBase,
  changes: PostingChanges,
  table: 'search_postings' | 'search_page_postings',
  docSetId: number,
  steps: WriteSteps,
): Promise<void> {
  for (const batch of chunks(changes.terms(), TERMS_PER_STEP)) {
    const existing = new Map<number, Uint8Array>();
    const wanted = batch.filter((termId) => changes.needsStored(termId));
    if (wanted.length > 0) {
      const { rows } = await client.query<{ term_id: number; data: Buffer }>(
        `SELECT term_id, data FROM ${table} WHERE doc_set_id = $1 AND term_id = ANY($2::int[])`,
        [docSetId, wanted],
      );
      for (const row of rows) existing.set(row.term_id, row.data);
    }
    const put = { ids: [] as number[], df: [] as number[], data: [] as Uint8Array[] };
    const append = { ids: [] as number[], df: [] as number[], data: [] as Uint8Array[] };
    const deleteIds: number[] = [];
    for (const termId of batch) {
      const merged = changes.merge(termId, existing.get(termId));
      if (merged === 'unchanged') continue;
      if (merged.kind === 'delete') {
        deleteIds.push(termId);
        continue;
      }
      const into = merged.kind === 'put' ? put : append;
      into.ids.push(termId);
      into.df.push(merged.df);
      into.data.push(merged.data);
    }
    if (deleteIds.length > 0) {
      await client.query(
        `DELETE FROM ${table} WHERE doc_set_id = $1 AND term_id = ANY($2::int[])`,
        [docSetId, deleteIds],
      );
    }
    if (put.ids.length > 0) {
      await client.query(
        `INSERT INTO ${table} (term_id, doc_set_id, df, data)
         SELECT t, $1, d, b FROM unnest($2::int[], $3::int[], $4::bytea[]) AS u(t, d, b)
         ON CONFLICT (term_id, doc_set_id) DO UPDATE SET df = excluded.df, data = excluded.data`,
        [docSetId, put.ids, put.df, put.data],
      );
    }
    if (append.ids.length > 0) {
      // Concatenated by PostgreSQL: the stored lists are not read back.
      await client.query(
        `UPDATE ${table} AS p SET df = u.d, data = p.data || u.b
         FROM unnest($2::int[], $3::int[], $4::bytea[]) AS u(t, d, b)
         WHERE p.doc_set_id = $1 AND p.term_id = u.t`,
        [docSetId, append.ids, append.df, append.data],
      );
    }
    await steps.checkpoint();
  }
  changes.clear();
}

/** Counters of the meta row, read under its row lock (the write lock of the whole index). */
interface MetaRow {
  next_page: number;
  next_section: number;
  next_term: number;
}

/**
 * Applies a doc set change inside the transaction the caller opened, with the same layout and
 * id rules as the SQLite store: a changed page is removed and written again with new page and
 * section ids (ids only grow, so postings stay sorted by appending). Ids come from counters in
 * the meta row, locked `FOR UPDATE` for the whole write, so writers of any replica take turns
 * and the sections of a page always get consecutive ids. Returns false when nothing changed.
 */
export async function writePgDocSetChanges(
  client: ClientBase,
  change: DocSetChange,
  options: WriteOptions,
): Promise<boolean> {
  const meta = (
    await client.query<MetaRow>(
      'SELECT next_page, next_section, next_term FROM search_meta WHERE id = 1 FOR UPDATE',
    )
  ).rows[0];
  if (meta === undefined) throw new Error('the search index tables are not initialised');
  const { docSet } = change;
  type Row = { id: number; revision: number; descriptor: string };
  let row = (
    await client.query<Row>(
      'SELECT id, revision, descriptor FROM search_doc_sets WHERE key = $1 FOR UPDATE',
      [docSet.id],
    )
  ).rows[0];
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
    row = (
      await client.query<Row>(
        'INSERT INTO search_doc_sets (key, descriptor) VALUES ($1, $2) RETURNING id, revision, descriptor',
        [docSet.id, descriptor],
      )
    ).rows[0] as Row;
  } else if (row.descriptor !== descriptor) {
    await client.query('UPDATE search_doc_sets SET descriptor = $1 WHERE id = $2', [
      descriptor,
      row.id,
    ]);
  } else if (nothingToDo) {
    // Unchanged: no new generation, so readers keep their loaded snapshot.
    return false;
  }
  const docSetId = row.id;
  const steps = new WriteSteps(change, options);
  await steps.checkpoint();

  const sectionChanges = new PostingChanges(postingsEmpty);
  const pageChanges = new PostingChanges(postingsEmpty);
  const totals = new LengthTotals();

  // 1. Drop the pages removed or replaced, taking their ids out of every posting list.
  const dropPages = async (paths: readonly string[]): Promise<void> => {
    const pages = await client.query<{ id: number } & Record<string, number>>(
      `SELECT id, ${LENGTH_COLUMNS} FROM search_pages WHERE doc_set_id = $1 AND path = ANY($2::text[])`,
      [docSetId, paths],
    );
    if (pages.rows.length === 0) return;
    const pageIds = pages.rows.map((p) => p.id);
    const sections = await client.query<
      { id: number; page_id: number; tokens: Buffer } & Record<string, number>
    >(
      `SELECT id, page_id, tokens, ${LENGTH_COLUMNS} FROM search_sections WHERE page_id = ANY($1::int[])`,
      [pageIds],
    );
    const pageTerms = new Map<number, Set<number>>();
    for (const section of sections.rows) {
      let terms = pageTerms.get(section.page_id);
      if (terms === undefined) pageTerms.set(section.page_id, (terms = new Set()));
      for (const termId of termIdsOfTokens(section.tokens)) {
        sectionChanges.remove(termId, section.id);
        terms.add(termId);
      }
      totals.section(lengthsOf(section), -1);
    }
    for (const page of pages.rows) {
      for (const termId of pageTerms.get(page.id) ?? []) pageChanges.remove(termId, page.id);
      totals.page(lengthsOf(page), -1);
    }
    await client.query('DELETE FROM search_sections WHERE page_id = ANY($1::int[])', [pageIds]);
    await client.query('DELETE FROM search_pages WHERE id = ANY($1::int[])', [pageIds]);
  };
  for (const paths of chunks(change.removals, TERMS_PER_STEP)) await dropPages(paths);
  steps.done += change.removals.length;
  await steps.checkpoint();

  // 2. Write the new pages and sections, a batch at a time.
  let nextPage = meta.next_page;
  let nextSection = meta.next_section;
  let nextTerm = meta.next_term;
  const termIds = new Map<string, number>();
  const resolveTerms = async (analysed: PageAnalysis[]): Promise<void> => {
    const wanted = new Set<string>();
    for (const page of analysed) {
      for (const term of page.terms) if (!termIds.has(term)) wanted.add(term);
    }
    const list = [...wanted];
    for (const terms of chunks(list, TERMS_PER_STEP)) {
      const { rows } = await client.query<{ id: number; term: string }>(
        'SELECT id, term FROM search_terms WHERE term = ANY($1::text[])',
        [terms],
      );
      for (const found of rows) termIds.set(found.term, found.id);
      const fresh = terms.filter((term) => !termIds.has(term));
      if (fresh.length === 0) continue;
      const ids = fresh.map(() => nextTerm++);
      fresh.forEach((term, k) => termIds.set(term, ids[k] as number));
      await client.query(
        'INSERT INTO search_terms (id, term, stem) SELECT * FROM unnest($1::int[], $2::text[], $3::text[])',
        [ids, fresh, fresh.map(stemTerm)],
      );
    }
  };
  const termId = (term: string) => termIds.get(term) as number;

  const writeBatch = async (batch: readonly PageRecord[]): Promise<void> => {
    await dropPages([...new Set(batch.map((page) => page.path))]);
    const analysed: PageAnalysis[] = [];
    for (const record of batch) {
      analysed.push(analysisOf(record));
      await steps.pause();
    }
    await resolveTerms(analysed);
    const p = { id: [] as number[], path: [] as string[], title: [] as string[] };
    const pMore = {
      breadcrumb: [] as string[],
      hash: [] as string[],
      lengths: [[], [], [], []] as number[][],
    };
    const s = {
      id: [] as number[],
      page: [] as number[],
      ord: [] as number[],
      heading: [] as string[],
      anchor: [] as string[],
      text: [] as string[],
      tokens: [] as Uint8Array[],
      lengths: [[], [], [], []] as number[][],
    };
    batch.forEach((record, k) => {
      const page = new AnalysisCursor(analysed[k] as PageAnalysis);
      const { data } = page;
      const ids = page.termIds(termId);
      const pageId = nextPage++;
      p.id.push(pageId);
      p.path.push(record.path);
      p.title.push(record.title);
      pMore.breadcrumb.push(JSON.stringify(record.breadcrumb));
      pMore.hash.push(record.hash);
      for (let f = 0; f < FIELD_COUNT; f++) pMore.lengths[f]?.push(data[f] as number);
      totals.page(data, 1);
      for (let term = 0; term < ids.length; term++) {
        pageChanges.add(ids[term] as number, pageId, data, page.pageTfAt + term * FIELD_COUNT);
      }
      record.sections.forEach((section, ord) => {
        page.nextSection();
        const sectionId = nextSection++;
        s.id.push(sectionId);
        s.page.push(pageId);
        s.ord.push(ord);
        s.heading.push(section.heading);
        s.anchor.push(section.anchor);
        s.text.push(section.text);
        s.tokens.push(encodeSectionTokens(data, page.tokensAt, ids));
        for (let f = 0; f < FIELD_COUNT; f++)
          s.lengths[f]?.push(data[page.lengthsAt + f] as number);
        for (
          let e = 0, at = page.frequenciesAt;
          e < page.frequencyCount;
          e++, at += 1 + FIELD_COUNT
        ) {
          sectionChanges.add(ids[data[at] as number] as number, sectionId, data, at + 1);
        }
        totals.section(data, 1, page.lengthsAt);
      });
    });
    await client.query(
      `INSERT INTO search_pages (id, doc_set_id, path, title, breadcrumb, hash, ${LENGTH_COLUMNS})
       SELECT i, $1, pa, ti, br, ha, l0, l1, l2, l3
       FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[],
                   $7::int[], $8::int[], $9::int[], $10::int[]) AS u(i, pa, ti, br, ha, l0, l1, l2, l3)`,
      [docSetId, p.id, p.path, p.title, pMore.breadcrumb, pMore.hash, ...pMore.lengths],
    );
    if (s.id.length > 0) {
      await client.query(
        `INSERT INTO search_sections (id, page_id, doc_set_id, ord, heading, anchor, text, tokens, ${LENGTH_COLUMNS})
         SELECT i, pg, $1, o, h, a, t, tk, l0, l1, l2, l3
         FROM unnest($2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::text[], $8::bytea[],
                     $9::int[], $10::int[], $11::int[], $12::int[]) AS u(i, pg, o, h, a, t, tk, l0, l1, l2, l3)`,
        [docSetId, s.id, s.page, s.ord, s.heading, s.anchor, s.text, s.tokens, ...s.lengths],
      );
    }
  };
  // 3. Rewrite the posting lists of every term that gained or lost a section or page: at the
  // end, or earlier when the collected changes grow past the flush size.
  const flush = async (): Promise<void> => {
    await flushPostings(client, sectionChanges, 'search_postings', docSetId, steps);
    await flushPostings(client, pageChanges, 'search_page_postings', docSetId, steps);
  };
  if (first.done !== true) {
    let batch: PageRecord[] | undefined = first.value;
    while (batch !== undefined) {
      await writeBatch(batch);
      steps.done += batch.length;
      await steps.checkpoint();
      if (sectionChanges.size + pageChanges.size >= POSTINGS_PER_FLUSH) await flush();
      const next = await batches.next();
      batch = next.done === true ? undefined : next.value;
    }
  }
  await flush();
  await client.query(
    `UPDATE search_doc_sets SET revision = revision + 1, pages = pages + $1, sections = sections + $2,
       len_title = len_title + $3, len_heading = len_heading + $4,
       len_breadcrumb = len_breadcrumb + $5, len_text = len_text + $6,
       plen_title = plen_title + $7, plen_heading = plen_heading + $8,
       plen_breadcrumb = plen_breadcrumb + $9, plen_text = plen_text + $10 WHERE id = $11`,
    [
      totals.pageDelta,
      totals.sectionDelta,
      ...totals.sectionLengths,
      ...totals.pageLengths,
      docSetId,
    ],
  );
  await client.query(
    `UPDATE search_meta SET generation = generation + 1, next_page = $1, next_section = $2,
       next_term = $3 WHERE id = 1`,
    [nextPage, nextSection, nextTerm],
  );
  return true;
}

function lengthsOf(row: Record<string, number>): Lengths {
  return [
    row['len_title'] ?? 0,
    row['len_heading'] ?? 0,
    row['len_breadcrumb'] ?? 0,
    row['len_text'] ?? 0,
  ];
}
