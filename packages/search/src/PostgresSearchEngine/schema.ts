import type { Pool } from 'pg';

/** Version of the table layout below; a database with another version is rebuilt empty. */
export const PG_SCHEMA_VERSION = 2;

/** Advisory lock key under which replicas create or rebuild the tables one at a time. */
const MIGRATION_LOCK_KEY = 'docs_portal_search_schema';

/** Tables of the index, children first (the order they are dropped in). */
export const PG_TABLES = [
  'search_page_postings',
  'search_postings',
  'search_terms',
  'search_sections',
  'search_pages',
  'search_doc_sets',
  'search_meta',
] as const;

// No secondary index on doc_set_id: only removing a whole doc set filters by it, and a scan is
// fine for that rare write (docs/adr/005-search-index-storage.md).
const CREATE = `
CREATE TABLE IF NOT EXISTS search_meta (
  id integer PRIMARY KEY CHECK (id = 1),
  schema_version integer NOT NULL,
  generation bigint NOT NULL,
  next_page integer NOT NULL,
  next_section integer NOT NULL,
  next_term integer NOT NULL
);
CREATE TABLE IF NOT EXISTS search_doc_sets (
  id serial PRIMARY KEY,
  key text NOT NULL UNIQUE,
  descriptor text NOT NULL,
  revision integer NOT NULL DEFAULT 0,
  pages integer NOT NULL DEFAULT 0,
  sections integer NOT NULL DEFAULT 0,
  len_title bigint NOT NULL DEFAULT 0,
  len_heading bigint NOT NULL DEFAULT 0,
  len_breadcrumb bigint NOT NULL DEFAULT 0,
  len_text bigint NOT NULL DEFAULT 0,
  plen_title bigint NOT NULL DEFAULT 0,
  plen_heading bigint NOT NULL DEFAULT 0,
  plen_breadcrumb bigint NOT NULL DEFAULT 0,
  plen_text bigint NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS search_pages (
  id integer PRIMARY KEY,
  doc_set_id integer NOT NULL,
  path text NOT NULL,
  title text NOT NULL,
  breadcrumb text NOT NULL,
  hash text NOT NULL,
  len_title integer NOT NULL,
  len_heading integer NOT NULL,
  len_breadcrumb integer NOT NULL,
  len_text integer NOT NULL,
  UNIQUE (doc_set_id, path)
);
CREATE TABLE IF NOT EXISTS search_sections (
  id integer PRIMARY KEY,
  page_id integer NOT NULL,
  doc_set_id integer NOT NULL,
  ord integer NOT NULL,
  heading text NOT NULL,
  anchor text NOT NULL,
  text text NOT NULL,
  tokens bytea NOT NULL,
  len_title integer NOT NULL,
  len_heading integer NOT NULL,
  len_breadcrumb integer NOT NULL,
  len_text integer NOT NULL
);
CREATE INDEX IF NOT EXISTS search_sections_by_page ON search_sections (page_id);
CREATE TABLE IF NOT EXISTS search_terms (
  id integer PRIMARY KEY,
  term text NOT NULL UNIQUE,
  stem text NOT NULL
);
CREATE TABLE IF NOT EXISTS search_postings (
  term_id integer NOT NULL,
  doc_set_id integer NOT NULL,
  df integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (term_id, doc_set_id)
);
CREATE TABLE IF NOT EXISTS search_page_postings (
  term_id integer NOT NULL,
  doc_set_id integer NOT NULL,
  df integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (term_id, doc_set_id)
);
INSERT INTO search_meta (id, schema_version, generation, next_page, next_section, next_term)
VALUES (1, ${PG_SCHEMA_VERSION}, 1, 1, 1, 1) ON CONFLICT (id) DO NOTHING;
`;

/**
 * Creates the index tables, or rebuilds them empty when they hold another layout version (the
 * index is derived data: the next sync fills it again). Runs in one transaction under an
 * advisory lock, so replicas starting together neither race nor fail.
 */
export async function migratePostgres(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [MIGRATION_LOCK_KEY]);
    const found = await client.query<{ exists: boolean }>(
      "SELECT to_regclass('search_meta') IS NOT NULL AS exists",
    );
    if (found.rows[0]?.exists === true) {
      const version = await client.query<{ schema_version: number }>(
        'SELECT schema_version FROM search_meta WHERE id = 1',
      );
      if (version.rows[0]?.schema_version !== PG_SCHEMA_VERSION) {
        await client.query(`DROP TABLE IF EXISTS ${PG_TABLES.join(', ')}`);
      }
    }
    await client.query(CREATE);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
