import type Database from 'better-sqlite3';
import type { FeedbackReason, QuerySignalRow } from '../feedback/FeedbackEvents';

/** Migration of `analytics.sqlite` adding reader feedback, missing landings and the dedupe salt. */
export const SQLITE_FEEDBACK_MIGRATION = `CREATE TABLE feedback_events (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  kind TEXT NOT NULL,
  doc_set_id TEXT NOT NULL,
  release INTEGER NOT NULL,
  page TEXT NOT NULL,
  anchor TEXT,
  helpful INTEGER NOT NULL,
  reason TEXT,
  comment TEXT,
  dedupe_key TEXT NOT NULL UNIQUE
);
CREATE INDEX feedback_events_at ON feedback_events (at);
CREATE TABLE missing_landings (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  kind TEXT NOT NULL,
  doc_set_id TEXT NOT NULL,
  path TEXT NOT NULL,
  anchor TEXT
);
CREATE INDEX missing_landings_at ON missing_landings (at);
CREATE INDEX click_events_query_at ON click_events (query, at);
CREATE TABLE analytics_salt (id INTEGER PRIMARY KEY CHECK (id = 1), salt TEXT NOT NULL);
CREATE TABLE gap_deliveries (day TEXT PRIMARY KEY);`;

/** Most (query, filters) rows read for one kind of query signal before merging. */
export const QUERY_SIGNAL_ROWS = 5000;

/** A feedback row as stored. */
export interface FeedbackRow {
  at: number;
  kind: string;
  doc_set_id: string;
  release: number;
  page: string;
  anchor: string | null;
  helpful: number;
  reason: FeedbackReason | null;
  comment: string | null;
}

const NO_CLICK = `NOT EXISTS (SELECT 1 FROM click_events c
  WHERE c.query = s.query AND c.kind = s.kind AND c.at >= s.at AND c.at < s.at + @window)`;

/** The prepared statements of the feedback and content-gap methods of the SQLite store. */
export function prepareFeedbackStatements(db: Database.Database) {
  return {
    salt: db.prepare<[], { salt: string }>('SELECT salt FROM analytics_salt WHERE id = 1'),
    insertSalt: db.prepare<[string]>(
      'INSERT INTO analytics_salt (id, salt) VALUES (1, ?) ON CONFLICT (id) DO NOTHING',
    ),
    insertFeedback: db.prepare(
      `INSERT INTO feedback_events
         (at, kind, doc_set_id, release, page, anchor, helpful, reason, comment, dedupe_key)
       VALUES (@at, @kind, @docSetId, @release, @page, @anchor, @helpful, @reason, @comment, @dedupeKey)
       ON CONFLICT (dedupe_key) DO NOTHING`,
    ),
    insertLanding: db.prepare(
      `INSERT INTO missing_landings (at, kind, doc_set_id, path, anchor)
       VALUES (@at, @kind, @docSetId, @path, @anchor)`,
    ),
    listFeedback: db.prepare<[number, number, string, number], FeedbackRow>(
      `SELECT at, kind, doc_set_id, release, page, anchor, helpful, reason, comment
       FROM feedback_events
       WHERE at >= ? AND at < ? AND doc_set_id IN (SELECT value FROM json_each(?))
       ORDER BY at DESC, id DESC LIMIT ?`,
    ),
    zeroResult: db.prepare<{ from: number; to: number; rows: number }, QuerySignalRow>(
      `SELECT query, filters, COUNT(*) AS count FROM search_events
       WHERE at >= @from AND at < @to AND superseded = 0 AND result_count = 0
       GROUP BY query, filters ORDER BY count DESC, query LIMIT @rows`,
    ),
    noClick: db.prepare<{ from: number; to: number; rows: number; window: number }, QuerySignalRow>(
      `SELECT s.query, s.filters, COUNT(*) AS count FROM search_events s
       WHERE s.at >= @from AND s.at < @to AND s.superseded = 0 AND s.result_count > 0 AND ${NO_CLICK}
       GROUP BY s.query, s.filters ORDER BY count DESC, s.query LIMIT @rows`,
    ),
    reformulated: db.prepare<
      { from: number; to: number; rows: number; window: number; soon: number },
      QuerySignalRow
    >(
      `SELECT query, filters, next, COUNT(*) AS count FROM (
         SELECT s.query, s.filters,
           (SELECT n.query FROM search_events n
            WHERE n.kind = s.kind AND n.superseded = 0 AND n.at > s.at AND n.at <= s.at + @soon
              AND n.query <> s.query
            ORDER BY n.at LIMIT 1) AS next
         FROM search_events s
         WHERE s.at >= @from AND s.at < @to AND s.superseded = 0 AND ${NO_CLICK.replace('@window', '@soon')})
       WHERE next IS NOT NULL
       GROUP BY query, filters, next ORDER BY count DESC, query LIMIT @rows`,
    ),
    negativeFeedback: db.prepare<
      [number, number],
      { doc_set_id: string; page: string; reason: FeedbackReason | null; count: number }
    >(
      `SELECT doc_set_id, page, reason, COUNT(*) AS count FROM feedback_events
       WHERE at >= ? AND at < ? AND helpful = 0 GROUP BY doc_set_id, page, reason`,
    ),
    missingLandings: db.prepare<
      [number, number, number],
      { doc_set_id: string; path: string; anchor: string | null; count: number }
    >(
      `SELECT doc_set_id, path, anchor, COUNT(*) AS count FROM missing_landings
       WHERE at >= ? AND at < ? GROUP BY doc_set_id, path, anchor
       ORDER BY count DESC, doc_set_id, path, anchor LIMIT ?`,
    ),
    queriesOpening: db.prepare<
      { from: number; to: number; path: string; limit: number },
      { query: string }
    >(
      `SELECT query FROM click_events
       WHERE at >= @from AND at < @to AND (url = @path
         OR substr(url, 1, length(@path) + 1) IN (@path || '?', @path || '#'))
       GROUP BY query ORDER BY COUNT(*) DESC, query LIMIT @limit`,
    ),
    claimDelivery: db.prepare<[string]>(
      'INSERT INTO gap_deliveries (day) VALUES (?) ON CONFLICT (day) DO NOTHING',
    ),
    purgeFeedback: db.prepare<[number]>('DELETE FROM feedback_events WHERE at < ?'),
    purgeLandings: db.prepare<[number]>('DELETE FROM missing_landings WHERE at < ?'),
  };
}
