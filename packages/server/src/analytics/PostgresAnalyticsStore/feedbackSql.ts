import type { Migration } from '../../db/runMigrations';

/** Migration of the PostgreSQL analytics store adding feedback, missing landings and the salt. */
export const PG_FEEDBACK_MIGRATION: Migration = {
  id: '002-feedback-and-missing-landings',
  sql: `CREATE TABLE feedback_events (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL,
      kind text NOT NULL,
      doc_set_id text NOT NULL,
      release integer NOT NULL,
      page text NOT NULL,
      anchor text,
      helpful boolean NOT NULL,
      reason text,
      comment text,
      dedupe_key text NOT NULL UNIQUE
    );
    CREATE INDEX feedback_events_at ON feedback_events (at);
    CREATE TABLE missing_landings (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL,
      kind text NOT NULL,
      doc_set_id text NOT NULL,
      path text NOT NULL,
      anchor text
    );
    CREATE INDEX missing_landings_at ON missing_landings (at);
    CREATE INDEX click_events_query_at ON click_events (query, at);
    CREATE TABLE analytics_salt (id integer PRIMARY KEY CHECK (id = 1), salt text NOT NULL);
    CREATE TABLE gap_deliveries (day text PRIMARY KEY);`,
};

const NO_CLICK = (window: string) => `NOT EXISTS (SELECT 1 FROM click_events c
  WHERE c.query = s.query AND c.kind = s.kind AND c.at >= s.at
    AND c.at < s.at + ${window} * interval '1 millisecond')`;

/**
 * Every content-gap count in one statement (one snapshot while replicas write). `$1`/`$2` the
 * period, `$3` the page-list limit, `$4` the most (query, filters) rows per query signal, `$5` the
 * no-click window and `$6` the reformulation window (ms). Filters are jsonb, whose text form is
 * normalised, so grouping by it groups equal filters.
 */
export const GAP_SIGNALS_SQL = `
SELECT
  (SELECT coalesce(json_agg(t), '[]'::json) FROM (
     SELECT query, filters::text AS filters, count(*)::int AS count FROM search_events
     WHERE at >= $1 AND at < $2 AND NOT superseded AND result_count = 0
     GROUP BY query, filters::text ORDER BY count DESC, query LIMIT $4) t) AS zero_result,
  (SELECT coalesce(json_agg(t), '[]'::json) FROM (
     SELECT s.query, s.filters::text AS filters, count(*)::int AS count FROM search_events s
     WHERE s.at >= $1 AND s.at < $2 AND NOT s.superseded AND s.result_count > 0 AND ${NO_CLICK('$5')}
     GROUP BY s.query, s.filters::text ORDER BY count DESC, s.query LIMIT $4) t) AS no_click,
  (SELECT coalesce(json_agg(t), '[]'::json) FROM (
     SELECT query, filters, next, count(*)::int AS count FROM (
       SELECT s.query, s.filters::text AS filters,
         (SELECT n.query FROM search_events n
          WHERE n.kind = s.kind AND NOT n.superseded AND n.at > s.at
            AND n.at <= s.at + $6 * interval '1 millisecond' AND n.query <> s.query
          ORDER BY n.at LIMIT 1) AS next
       FROM search_events s
       WHERE s.at >= $1 AND s.at < $2 AND NOT s.superseded AND ${NO_CLICK('$6')}) r
     WHERE next IS NOT NULL
     GROUP BY query, filters, next ORDER BY count DESC, query LIMIT $4) t) AS reformulated,
  (SELECT coalesce(json_agg(t), '[]'::json) FROM (
     SELECT doc_set_id, page, reason, count(*)::int AS count FROM feedback_events
     WHERE at >= $1 AND at < $2 AND NOT helpful GROUP BY doc_set_id, page, reason) t) AS negative,
  (SELECT coalesce(json_agg(t), '[]'::json) FROM (
     SELECT doc_set_id, path, anchor, count(*)::int AS count FROM missing_landings
     WHERE at >= $1 AND at < $2 GROUP BY doc_set_id, path, anchor
     ORDER BY count DESC, doc_set_id, path, anchor LIMIT $3) t) AS landings`;
