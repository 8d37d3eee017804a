import type { Database } from 'better-sqlite3';

/** Version of the table layout below; a file with another version is rebuilt from scratch. */
export const SCHEMA_VERSION = '3';

const TABLES = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS doc_sets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  key TEXT NOT NULL UNIQUE,
  descriptor TEXT NOT NULL,
  revision INTEGER NOT NULL DEFAULT 0,
  pages INTEGER NOT NULL DEFAULT 0,
  sections INTEGER NOT NULL DEFAULT 0,
  len_title INTEGER NOT NULL DEFAULT 0,
  len_heading INTEGER NOT NULL DEFAULT 0,
  len_breadcrumb INTEGER NOT NULL DEFAULT 0,
  len_text INTEGER NOT NULL DEFAULT 0,
  plen_title INTEGER NOT NULL DEFAULT 0,
  plen_heading INTEGER NOT NULL DEFAULT 0,
  plen_breadcrumb INTEGER NOT NULL DEFAULT 0,
  plen_text INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS pages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  doc_set_id INTEGER NOT NULL,
  path TEXT NOT NULL,
  title TEXT NOT NULL,
  breadcrumb TEXT NOT NULL,
  hash TEXT NOT NULL,
  len_title INTEGER NOT NULL,
  len_heading INTEGER NOT NULL,
  len_breadcrumb INTEGER NOT NULL,
  len_text INTEGER NOT NULL,
  UNIQUE (doc_set_id, path)
);
CREATE TABLE IF NOT EXISTS sections (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  page_id INTEGER NOT NULL,
  doc_set_id INTEGER NOT NULL,
  ord INTEGER NOT NULL,
  len_title INTEGER NOT NULL,
  len_heading INTEGER NOT NULL,
  len_breadcrumb INTEGER NOT NULL,
  len_text INTEGER NOT NULL,
  heading TEXT NOT NULL,
  anchor TEXT NOT NULL,
  tokens BLOB NOT NULL,
  text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sections_by_page ON sections (page_id);
CREATE TABLE IF NOT EXISTS terms (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  term TEXT NOT NULL,
  stem TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS postings (
  term_id INTEGER NOT NULL,
  doc_set_id INTEGER NOT NULL,
  df INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (term_id, doc_set_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS page_postings (
  term_id INTEGER NOT NULL,
  doc_set_id INTEGER NOT NULL,
  df INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (term_id, doc_set_id)
) WITHOUT ROWID;
`;

const DROP = `
DROP TABLE IF EXISTS doc_sets; DROP TABLE IF EXISTS pages; DROP TABLE IF EXISTS sections;
DROP TABLE IF EXISTS terms; DROP TABLE IF EXISTS postings; DROP TABLE IF EXISTS page_postings;
DROP TABLE IF EXISTS meta;
`;

/*
 * Layout notes (see docs/adr/005-search-index-storage.md): no secondary index on doc_set_id
 * (only removing a whole doc set filters by it, and a scan is fine for that rare write), and no
 * UNIQUE index on terms.term (a write loads the term ids into memory once, inside its
 * transaction, instead of looking each term up on disk). A section row puts its numbers first and
 * its text last: a long text spills into overflow pages, and SQLite reads a column by walking
 * the row from its start, so the tokens read for re-ranking stay off the text's overflow chain.
 */

function currentVersion(db: Database): string | undefined {
  const hasMeta = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'")
    .get();
  if (hasMeta === undefined) return undefined;
  const row = db.prepare("SELECT value FROM meta WHERE key = 'schema'").get() as
    { value: string } | undefined;
  return row?.value;
}

/**
 * Creates the tables, or rebuilds them empty when the file holds another layout version (the
 * index is derived data: the next sync fills it again). Runs in one transaction.
 */
export function migrate(db: Database): void {
  if (currentVersion(db) === SCHEMA_VERSION) return;
  // Freed pages are handed back to the file system after each write (see SqliteIndexStore);
  // the mode applies to a new file at once, and to an existing one after the VACUUM below.
  db.pragma('auto_vacuum = INCREMENTAL');
  db.transaction(() => {
    const hasMeta = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'")
      .get();
    if (hasMeta !== undefined) {
      const row = db.prepare("SELECT value FROM meta WHERE key = 'schema'").get() as
        { value: string } | undefined;
      if (row?.value === SCHEMA_VERSION) return;
      db.exec(DROP);
    }
    db.exec(TABLES);
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', ?)").run(SCHEMA_VERSION);
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('generation', '1')").run();
  }).immediate();
  if (db.pragma('auto_vacuum', { simple: true }) === 2) return;
  try {
    db.exec('VACUUM');
  } catch {
    // Another connection is reading the old file: the index works without the mode, only larger.
  }
}
