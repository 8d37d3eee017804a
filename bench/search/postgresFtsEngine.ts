import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pagesOf, sectionDocs, type BenchEngine, type SectionDoc } from './baselineEngines';
import { BENCH_PG_URL, adminQuery } from './ourEngine';

/** Section hits fetched before they are grouped into pages (as for the other baselines). */
const SECTION_HITS = 200;
/** Rows per INSERT while building. */
const BATCH = 500;

/**
 * PostgreSQL full-text search as its manual sets it up: one `tsvector` per section with the
 * `english` configuration, title weighted A, heading B and text D (`setweight`), a GIN index, and
 * `ts_rank` with its default weights. Query terms are OR-ed and the last one is a prefix
 * (`term:*`), as for FTS5, so search-as-you-type queries have a chance. No typo tolerance: that
 * is not part of the defaults (pg_trgm is an extension).
 */
export function postgresFtsEngine(): BenchEngine {
  let docs: SectionDoc[] = [];
  const database = `docs_portal_bench_fts_${randomBytes(4).toString('hex')}`;
  let client: pg.Client | undefined;
  return {
    name: 'PostgreSQL full-text',
    async build(records) {
      docs = sectionDocs(records);
      await adminQuery(`CREATE DATABASE ${database}`);
      const url = new URL(BENCH_PG_URL);
      url.pathname = `/${database}`;
      client = new pg.Client({ connectionString: url.href });
      await client.connect();
      await client.query(
        `CREATE TABLE sections (id integer PRIMARY KEY, title text, heading text, body text,
           document tsvector GENERATED ALWAYS AS (
             setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
             setweight(to_tsvector('english', coalesce(heading, '')), 'B') ||
             setweight(to_tsvector('english', coalesce(body, '')), 'D')) STORED)`,
      );
      for (let start = 0; start < docs.length; start += BATCH) {
        const batch = docs.slice(start, start + BATCH);
        await client.query(
          `INSERT INTO sections (id, title, heading, body)
           SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[])`,
          [
            batch.map((d) => d.id),
            batch.map((d) => d.title),
            batch.map((d) => d.heading),
            batch.map((d) => d.text),
          ],
        );
      }
      await client.query('CREATE INDEX sections_document ON sections USING gin (document)');
      await client.query('ANALYZE sections');
    },
    async search(query, limit) {
      const terms = (query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter(
        (t) => !/^_+$/.test(t),
      );
      if (terms.length === 0 || client === undefined) return [];
      // Each term quoted as a tsquery lexeme; stop words drop out in to_tsquery.
      const tsquery = terms
        .map((t, i) => `'${t}'${i === terms.length - 1 ? ':*' : ''}`)
        .join(' | ');
      const { rows } = await client.query<{ id: number }>(
        `SELECT id FROM sections, to_tsquery('english', $1) AS query
         WHERE document @@ query ORDER BY ts_rank(document, query) DESC, id LIMIT ${SECTION_HITS}`,
        [tsquery],
      );
      return pagesOf(
        rows.map((r) => r.id),
        docs,
        limit,
      );
    },
    async size() {
      const { rows } = await (client as pg.Client).query<{ bytes: string }>(
        "SELECT pg_total_relation_size('sections') AS bytes",
      );
      return { bytes: Number(rows[0]?.bytes ?? 0) };
    },
    async close() {
      await client?.end();
      await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}
