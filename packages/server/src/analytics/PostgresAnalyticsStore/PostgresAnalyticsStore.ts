import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { openStorePool, PgStoreConnection, type PgStoreOptions } from '../../db/PgStoreConnection';
import type { Migration } from '../../db/runMigrations';
import {
  DEFAULT_SUPERSEDE_WINDOW_MS,
  MAX_ANALYTICS_URL_LENGTH,
  normaliseFilters,
  normaliseQuery,
  type AnalyticsReport,
  type AnalyticsStore,
  joinClicks,
  type ClickEvent,
  type LoggedQuery,
  type OpenedPage,
  type ReportOptions,
  type ReportRange,
  type SearchEvent,
} from '../AnalyticsStore';
import {
  mergeQueryRows,
  NO_CLICK_WINDOW_MS,
  REFORMULATION_WINDOW_MS,
  type FeedbackEvent,
  type FeedbackReason,
  type GapSignals,
  type MissingLanding,
  type QuerySignalRow,
  type StoredFeedback,
} from '../feedback/FeedbackEvents';
import { mergePageFeedbackRows } from '../feedback/pageSignals';
import { GAP_SIGNALS_SQL, PG_FEEDBACK_MIGRATION } from './feedbackSql';

/** Schema of the PostgreSQL analytics store, applied at start-up by `runMigrations`. */
export const ANALYTICS_MIGRATIONS: readonly Migration[] = [
  {
    id: '001-create-analytics-events',
    sql: `CREATE TABLE search_events (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL,
        kind text NOT NULL,
        query text NOT NULL,
        filters jsonb NOT NULL,
        result_count integer NOT NULL,
        took_ms double precision NOT NULL,
        superseded boolean NOT NULL DEFAULT false
      );
      CREATE INDEX search_events_at ON search_events (at) WHERE NOT superseded;
      CREATE INDEX search_events_kind_at ON search_events (kind, at) WHERE NOT superseded;
      CREATE TABLE click_events (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL,
        kind text NOT NULL,
        query text NOT NULL,
        rank integer NOT NULL,
        url text NOT NULL
      );
      CREATE INDEX click_events_at ON click_events (at);`,
  },
  PG_FEEDBACK_MIGRATION,
];

/** Rows of `recentQueries`. */
type SearchRow = { query: string; kind: string; filters: Record<string, string[]> };
type ClickRow = { query: string; kind: string; url: string };

/** Component name of the analytics migrations in `schema_migrations`. */
export const ANALYTICS_MIGRATIONS_COMPONENT = 'analytics';

const PURPOSE = 'postgres analytics store';

/** Where and how the PostgreSQL analytics store connects. */
export interface PostgresAnalyticsStoreOptions extends PgStoreOptions {
  /** See {@link DEFAULT_SUPERSEDE_WINDOW_MS}. */
  supersedeWindowMs?: number;
}

/** Searches counted in a period ($1 included, $2 excluded): the ones no later search superseded. */
const COUNTED = 'at >= $1 AND at < $2 AND NOT superseded';

/**
 * The whole report in one statement, so it reads one snapshot even while other replicas write.
 * `$1`/`$2` the period, `$3` the list limit.
 */
const REPORT_SQL = `
SELECT
  (SELECT count(*)::int FROM search_events WHERE ${COUNTED}) AS searches,
  (SELECT count(*)::int FROM search_events WHERE ${COUNTED} AND result_count = 0) AS zero,
  (SELECT count(*)::int FROM click_events WHERE at >= $1 AND at < $2) AS clicks,
  (SELECT coalesce(json_agg(t ORDER BY t.searches DESC, t.query ASC), '[]'::json) FROM (
     SELECT s.query, count(*)::int AS searches, avg(s.result_count)::float8 AS average,
            coalesce((SELECT count(*)::int FROM click_events c
                      WHERE c.query = s.query AND c.at >= $1 AND c.at < $2), 0) AS clicks
     FROM search_events s WHERE s.at >= $1 AND s.at < $2 AND NOT s.superseded
     GROUP BY s.query ORDER BY searches DESC, s.query ASC LIMIT $3) t) AS top,
  (SELECT coalesce(json_agg(z ORDER BY z.searches DESC, z.last DESC, z.query ASC), '[]'::json) FROM (
     SELECT query, count(*)::int AS searches,
            (extract(epoch FROM max(at)) * 1000)::float8 AS last
     FROM search_events WHERE ${COUNTED} AND result_count = 0
     GROUP BY query ORDER BY searches DESC, last DESC, query ASC LIMIT $3) z) AS zero_queries,
  (SELECT coalesce(json_agg(r ORDER BY r.rank), '[]'::json) FROM (
     SELECT rank, count(*)::int AS clicks FROM click_events
     WHERE at >= $1 AND at < $2 GROUP BY rank ORDER BY rank LIMIT 100) r) AS by_rank`;

interface ReportRow {
  searches: number;
  zero: number;
  clicks: number;
  top: { query: string; searches: number; average: number; clicks: number }[];
  zero_queries: { query: string; searches: number; last: number }[];
  by_rank: { rank: number; clicks: number }[];
}

/**
 * Search analytics in PostgreSQL, shared by several replicas. Folding search-as-you-type steps is
 * one `UPDATE` plus one `INSERT` in a single statement, so two replicas recording at once never
 * leave half a fold. Times are `timestamptz` (millisecond precision kept). The pool recovers by
 * itself when PostgreSQL comes back after an outage.
 */
export class PostgresAnalyticsStore implements AnalyticsStore {
  readonly kind = 'postgres';
  private readonly connection: PgStoreConnection;
  private readonly windowMs: number;

  /**
   * Uses `pool`, whose database already has the `ANALYTICS_MIGRATIONS` schema; `open` does both.
   * @param options.closePool whether `close()` ends the pool (default true: the store owns it).
   */
  constructor(pool: pg.Pool, options: { closePool?: boolean; supersedeWindowMs?: number } = {}) {
    this.connection = new PgStoreConnection(pool, PURPOSE, options.closePool !== false);
    this.windowMs = options.supersedeWindowMs ?? DEFAULT_SUPERSEDE_WINDOW_MS;
  }

  /**
   * Opens a pool, brings the schema up to date (safe when several replicas start at once) and
   * returns the store.
   * @throws Error naming the store when PostgreSQL cannot be reached or a migration fails.
   */
  static async open(options: PostgresAnalyticsStoreOptions): Promise<PostgresAnalyticsStore> {
    const pool = await openStorePool(options, {
      purpose: PURPOSE,
      configField: 'analytics.store (postgres)',
      prepares: 'the analytics tables',
      component: ANALYTICS_MIGRATIONS_COMPONENT,
      migrations: ANALYTICS_MIGRATIONS,
      defaultQueryTimeoutMs: 5_000,
    });
    return new PostgresAnalyticsStore(pool, { supersedeWindowMs: options.supersedeWindowMs });
  }

  private query<R extends pg.QueryResultRow>(
    text: string,
    values: unknown[] = [],
  ): Promise<pg.QueryResult<R>> {
    return this.connection.query<R>(text, values);
  }

  async recordSearch(event: SearchEvent): Promise<void> {
    const query = normaliseQuery(event.query);
    if (query === '') return;
    const at = event.at.getTime();
    await this.query(
      `WITH folded AS (
         UPDATE search_events SET superseded = true
         WHERE kind = $1 AND at >= to_timestamp($2 / 1000.0) AND at <= to_timestamp($3 / 1000.0)
           AND NOT superseded AND starts_with($4, query)
       )
       INSERT INTO search_events (at, kind, query, filters, result_count, took_ms)
       VALUES (to_timestamp($3 / 1000.0), $1, $4, $5::jsonb, $6, $7)`,
      [
        event.kind,
        at - this.windowMs,
        at,
        query,
        JSON.stringify(normaliseFilters(event.filters)),
        Math.max(0, Math.round(event.resultCount)),
        Math.max(0, event.tookMs),
      ],
    );
  }

  /**
   * One statement, so one transaction: the batch's rows are inserted in order, each folding the
   * stored searches it supersedes and the earlier searches of the batch it supersedes (same
   * condition as `recordSearch`, with "earlier" meaning earlier in the batch).
   */
  async recordSearches(events: readonly SearchEvent[]): Promise<void> {
    const rows = events
      .map((event) => ({ event, query: normaliseQuery(event.query) }))
      .filter((row) => row.query !== '');
    if (rows.length === 0) return;
    await this.query(
      `WITH batch AS (
         SELECT * FROM unnest($1::text[], $2::float8[], $3::text[], $4::text[], $5::int[],
                              $6::float8[]) WITH ORDINALITY
           AS b(kind, at_ms, query, filters, result_count, took_ms, n)
       ),
       folded AS (
         UPDATE search_events s SET superseded = true
         WHERE NOT s.superseded AND EXISTS (
           SELECT 1 FROM batch b
           WHERE b.kind = s.kind AND s.at >= to_timestamp((b.at_ms - $7) / 1000.0)
             AND s.at <= to_timestamp(b.at_ms / 1000.0) AND starts_with(b.query, s.query))
       )
       INSERT INTO search_events (at, kind, query, filters, result_count, took_ms, superseded)
       SELECT to_timestamp(b.at_ms / 1000.0), b.kind, b.query, b.filters::jsonb, b.result_count,
              b.took_ms,
              EXISTS (
                SELECT 1 FROM batch later
                WHERE later.n > b.n AND later.kind = b.kind AND b.at_ms >= later.at_ms - $7
                  AND b.at_ms <= later.at_ms AND starts_with(later.query, b.query))
       FROM batch b ORDER BY b.n`,
      [
        rows.map((r) => r.event.kind),
        rows.map((r) => r.event.at.getTime()),
        rows.map((r) => r.query),
        rows.map((r) => JSON.stringify(normaliseFilters(r.event.filters))),
        rows.map((r) => Math.max(0, Math.round(r.event.resultCount))),
        rows.map((r) => Math.max(0, r.event.tookMs)),
        this.windowMs,
      ],
    );
  }

  async recordClick(event: ClickEvent): Promise<void> {
    const query = normaliseQuery(event.query);
    if (query === '') return;
    await this.query(
      `INSERT INTO click_events (at, kind, query, rank, url)
       VALUES (to_timestamp($1 / 1000.0), $2, $3, $4, $5)`,
      [
        event.at.getTime(),
        event.kind,
        query,
        Math.round(event.rank),
        event.url.slice(0, MAX_ANALYTICS_URL_LENGTH),
      ],
    );
  }

  async report(range: ReportRange, options: ReportOptions = {}): Promise<AnalyticsReport> {
    const limit = Math.max(1, Math.min(options.limit ?? 50, 1000));
    const result = await this.query<ReportRow>(REPORT_SQL, [range.from, range.to, limit]);
    const row = result.rows[0] as ReportRow;
    const searches = row.searches;
    return {
      searches,
      zeroResultSearches: row.zero,
      clicks: row.clicks,
      topQueries: row.top.map((q) => ({
        query: q.query,
        searches: q.searches,
        averageResults: Math.round(q.average * 10) / 10,
        clicks: q.clicks,
      })),
      zeroResultQueries: row.zero_queries.map((q) => ({
        query: q.query,
        searches: q.searches,
        lastSearchedAt: new Date(Math.round(q.last)),
      })),
      clickThroughByRank: row.by_rank.map((r) => ({
        rank: r.rank,
        clicks: r.clicks,
        rate: searches === 0 ? 0 : r.clicks / searches,
      })),
    };
  }

  async mostOpened(
    range: ReportRange,
    options: { kind: ClickEvent['kind']; limit?: number },
  ): Promise<OpenedPage[]> {
    const limit = Math.max(1, Math.min(options.limit ?? 50, 1000));
    const result = await this.query<OpenedPage>(
      `SELECT url, count(*)::int AS opens FROM click_events
       WHERE at >= $1 AND at < $2 AND kind = $3
       GROUP BY url ORDER BY opens DESC, url ASC LIMIT $4`,
      [range.from, range.to, options.kind, limit],
    );
    return result.rows;
  }

  async recentQueries(options: { limit: number }): Promise<LoggedQuery[]> {
    const limit = Math.max(1, Math.min(options.limit, 10_000));
    const result = await this.query<{ searches: SearchRow[] | null; clicks: ClickRow[] | null }>(
      `WITH s AS (SELECT query, kind, filters, at FROM search_events WHERE NOT superseded
                  ORDER BY at DESC, id DESC LIMIT $1)
       SELECT (SELECT json_agg(s ORDER BY s.at DESC) FROM s) AS searches,
              (SELECT json_agg(c) FROM (SELECT DISTINCT query, kind, url FROM click_events
                 WHERE at >= coalesce((SELECT min(at) FROM s), now()) - interval '1 day') c) AS clicks`,
      [limit],
    );
    const row = result.rows[0];
    return joinClicks(row?.searches ?? [], row?.clicks ?? []);
  }

  async purgeBefore(before: Date): Promise<number> {
    const result = await this.query<{ n: number }>(
      `WITH s AS (DELETE FROM search_events WHERE at < $1 RETURNING 1),
            c AS (DELETE FROM click_events WHERE at < $1 RETURNING 1),
            f AS (DELETE FROM feedback_events WHERE at < $1 RETURNING 1),
            l AS (DELETE FROM missing_landings WHERE at < $1 RETURNING 1)
       SELECT ((SELECT count(*) FROM s) + (SELECT count(*) FROM c)
               + (SELECT count(*) FROM f) + (SELECT count(*) FROM l))::int AS n`,
      [before],
    );
    return result.rows[0]?.n ?? 0;
  }

  // --- Reader feedback and the content-gap list ---

  async feedbackSalt(): Promise<string> {
    const result = await this.query<{ salt: string }>(
      `WITH made AS (
         INSERT INTO analytics_salt (id, salt) VALUES (1, $1)
         ON CONFLICT (id) DO NOTHING RETURNING salt)
       SELECT salt FROM made UNION ALL SELECT salt FROM analytics_salt WHERE id = 1`,
      [randomBytes(32).toString('base64url')],
    );
    return (result.rows[0] as { salt: string }).salt;
  }

  async recordFeedback(event: FeedbackEvent): Promise<boolean> {
    const result = await this.query(
      `INSERT INTO feedback_events
         (at, kind, doc_set_id, release, page, anchor, helpful, reason, comment, dedupe_key)
       VALUES (to_timestamp($1 / 1000.0), $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (dedupe_key) DO NOTHING`,
      [
        event.at.getTime(),
        event.kind,
        event.docSetId,
        event.release,
        event.page,
        event.anchor,
        event.helpful,
        event.reason,
        event.comment,
        event.dedupeKey,
      ],
    );
    return result.rowCount === 1;
  }

  async listFeedback(
    range: ReportRange,
    options: { docSetIds: readonly string[]; limit?: number },
  ): Promise<StoredFeedback[]> {
    const limit = Math.max(1, Math.min(options.limit ?? 100, 1000));
    const result = await this.query<{
      at: Date;
      kind: StoredFeedback['kind'];
      doc_set_id: string;
      release: number;
      page: string;
      anchor: string | null;
      helpful: boolean;
      reason: FeedbackReason | null;
      comment: string | null;
    }>(
      `SELECT at, kind, doc_set_id, release, page, anchor, helpful, reason, comment
       FROM feedback_events WHERE at >= $1 AND at < $2 AND doc_set_id = ANY($3::text[])
       ORDER BY at DESC, id DESC LIMIT $4`,
      [range.from, range.to, [...options.docSetIds], limit],
    );
    return result.rows.map((row) => ({
      docSetId: row.doc_set_id,
      release: row.release,
      page: row.page,
      anchor: row.anchor,
      helpful: row.helpful,
      reason: row.reason,
      comment: row.comment,
      kind: row.kind,
      at: row.at,
    }));
  }

  async recordMissingLanding(landing: MissingLanding): Promise<void> {
    await this.query(
      `INSERT INTO missing_landings (at, kind, doc_set_id, path, anchor)
       VALUES (to_timestamp($1 / 1000.0), $2, $3, $4, $5)`,
      [
        (landing.at ?? new Date()).getTime(),
        landing.kind,
        landing.docSetId,
        landing.path.slice(0, MAX_ANALYTICS_URL_LENGTH),
        landing.anchor ? landing.anchor.slice(0, MAX_ANALYTICS_URL_LENGTH) : null,
      ],
    );
  }

  async gapSignals(range: ReportRange, options: { limit?: number } = {}): Promise<GapSignals> {
    const limit = Math.max(1, Math.min(options.limit ?? 50, 1000));
    const result = await this.query<{
      zero_result: QuerySignalRow[];
      no_click: QuerySignalRow[];
      reformulated: QuerySignalRow[];
      negative: {
        doc_set_id: string;
        page: string;
        reason: FeedbackReason | null;
        count: number;
      }[];
      landings: { doc_set_id: string; path: string; anchor: string | null; count: number }[];
    }>(GAP_SIGNALS_SQL, [
      range.from,
      range.to,
      limit,
      5000,
      NO_CLICK_WINDOW_MS,
      REFORMULATION_WINDOW_MS,
    ]);
    const row = result.rows[0] as (typeof result.rows)[number];
    return {
      zeroResult: mergeQueryRows(row.zero_result, limit),
      noClick: mergeQueryRows(row.no_click, limit),
      reformulated: mergeQueryRows(row.reformulated, limit),
      negativeFeedback: mergePageFeedbackRows(row.negative, limit),
      missingLandings: row.landings.map((l) => ({
        docSetId: l.doc_set_id,
        path: l.path,
        anchor: l.anchor,
        count: l.count,
      })),
    };
  }

  async queriesOpening(
    range: ReportRange,
    paths: readonly string[],
    limit = 3,
  ): Promise<Record<string, string[]>> {
    if (paths.length === 0) return {};
    const result = await this.query<{ path: string; queries: string[] }>(
      `SELECT p.path, coalesce((
         SELECT array_agg(q.query ORDER BY q.n DESC, q.query) FROM (
           SELECT c.query, count(*) AS n FROM click_events c
           WHERE c.at >= $1 AND c.at < $2
             AND (c.url = p.path OR starts_with(c.url, p.path || '?') OR starts_with(c.url, p.path || '#'))
           GROUP BY c.query ORDER BY n DESC, c.query LIMIT $4) q), '{}') AS queries
       FROM unnest($3::text[]) AS p(path)`,
      [range.from, range.to, [...paths], limit],
    );
    return Object.fromEntries(result.rows.map((row) => [row.path, row.queries]));
  }

  async claimGapDelivery(day: string): Promise<boolean> {
    const result = await this.query(
      'INSERT INTO gap_deliveries (day) VALUES ($1) ON CONFLICT (day) DO NOTHING',
      [day],
    );
    return result.rowCount === 1;
  }

  ping(): Promise<void> {
    return this.connection.ping();
  }

  /** Lets the queries in flight finish, then ends the pool (when the store owns it). Idempotent. */
  close(): Promise<void> {
    return this.connection.close();
  }
}
