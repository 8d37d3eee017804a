import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { WalIndexGuard, WalIndexLostError } from '@docs-portal/search';
import Database from 'better-sqlite3';
import {
  DEFAULT_SUPERSEDE_WINDOW_MS,
  MAX_ANALYTICS_URL_LENGTH,
  normaliseFilters,
  normaliseQuery,
  type AnalyticsReport,
  type AnalyticsStore,
  CLICK_LOOKBACK_MS,
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
  type GapSignals,
  type MissingLanding,
  type StoredFeedback,
} from '../feedback/FeedbackEvents';
import { mergePageFeedbackRows } from '../feedback/pageSignals';
import {
  prepareFeedbackStatements,
  QUERY_SIGNAL_ROWS,
  SQLITE_FEEDBACK_MIGRATION,
} from './feedbackStatements';
import { migrateSqlite } from '../../db/migrateSqlite';
import { isSqliteBusy, walIndexUsable, whenSqliteFree } from '../../db/sqliteErrors';
import { PortalError } from '../../errors/PortalError';
import {
  ConnectionStateLog,
  SQLITE_FILE_WORDS,
  type DependencyLogger,
} from '../../ops/ConnectionStateLog';

/** Options of a {@link SqliteAnalyticsStore}. */
export interface SqliteAnalyticsStoreOptions {
  /** See {@link DEFAULT_SUPERSEDE_WINDOW_MS}. */
  supersedeWindowMs?: number;
  /** Where a locked or failing file is logged, once per outage (e.g. `app.log`). */
  logger?: DependencyLogger;
  /** Events are written together this long after the first of a batch arrives (ms, default 200). */
  batchDelayMs?: number;
  /** Events kept in memory while the file cannot be written; older ones are dropped beyond it. */
  maxPendingEvents?: number;
}

/** A recorded event waiting for the next batch write, already normalised. */
type PendingEvent =
  | {
      type: 'search';
      at: number;
      kind: string;
      query: string;
      filters: string;
      results: number;
      tookMs: number;
    }
  | { type: 'click'; at: number; kind: string; query: string; rank: number; url: string }
  | {
      type: 'landing';
      at: number;
      kind: string;
      docSetId: string;
      path: string;
      anchor: string | null;
    };

/**
 * Schema of `analytics.sqlite`, one entry per version (`PRAGMA user_version`), applied by
 * `migrateSqlite`. The first one also adopts files written before versioning (IF NOT EXISTS).
 */
export const SQLITE_ANALYTICS_MIGRATIONS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS search_events (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  kind TEXT NOT NULL,
  query TEXT NOT NULL,
  filters TEXT NOT NULL,
  result_count INTEGER NOT NULL,
  took_ms REAL NOT NULL,
  superseded INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS search_events_at ON search_events (at);
CREATE INDEX IF NOT EXISTS search_events_kind_at ON search_events (kind, at);
CREATE TABLE IF NOT EXISTS click_events (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  kind TEXT NOT NULL,
  query TEXT NOT NULL,
  rank INTEGER NOT NULL,
  url TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS click_events_at ON click_events (at);`,
  // Reports and folding read only searches that were not superseded, as in PostgreSQL.
  `DROP INDEX search_events_at;
   DROP INDEX search_events_kind_at;
   CREATE INDEX search_events_at ON search_events (at) WHERE superseded = 0;
   CREATE INDEX search_events_kind_at ON search_events (kind, at) WHERE superseded = 0;`,
  SQLITE_FEEDBACK_MIGRATION,
  // Folding a search looks up the stored searches its query extends by (kind, query) instead of
  // reading every search of that kind in the window: the window holds thousands under load.
  `CREATE INDEX search_events_kind_query_at ON search_events (kind, query, at)
   WHERE superseded = 0;`,
];

/**
 * The non-empty prefixes of `query`, itself included, cut between characters (code points) as
 * SQLite's `substr` cuts them, so a query in any script folds the searches it extends.
 */
function prefixesOf(query: string): string[] {
  const prefixes: string[] = [];
  let prefix = '';
  for (const character of query) {
    prefix += character;
    prefixes.push(prefix);
  }
  return prefixes;
}

/** Searches counted in a period: the ones no later search superseded. */
const COUNTED = 'at >= ? AND at < ? AND superseded = 0';

/**
 * Search analytics in `${dataDir}/analytics.sqlite`: the embedded default. Recording never waits
 * for the file: events are queued in memory and written in batches, one transaction per batch,
 * off the request path. SQLite never waits for a lock itself (busy timeout 0, which would freeze
 * the whole process); a batch that meets a lock or a failing file is kept and written again
 * later, and the outage is logged once. Reports and purges write the queued events first.
 */
export class SqliteAnalyticsStore implements AnalyticsStore {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;
  private readonly windowMs: number;
  private readonly statements;
  private readonly feedbackStatements;
  private readonly state: ConnectionStateLog;
  private readonly logger: DependencyLogger | undefined;
  private readonly batchDelayMs: number;
  private readonly maxPending: number;
  private pending: PendingEvent[] = [];
  private dropped = 0;
  private timer: NodeJS.Timeout | undefined;
  private retryMs = 0;
  private writing: Promise<void> = Promise.resolve();
  private readonly guard: WalIndexGuard;

  /** Opens (creating when needed) `${dataDir}/analytics.sqlite`; `:memory:` for a throwaway store. */
  constructor(dataDir: string | ':memory:', options: SqliteAnalyticsStoreOptions = {}) {
    let file = ':memory:';
    if (dataDir !== ':memory:') {
      mkdirSync(dataDir, { recursive: true });
      file = path.join(dataDir, 'analytics.sqlite');
    }
    this.windowMs = options.supersedeWindowMs ?? DEFAULT_SUPERSEDE_WINDOW_MS;
    this.logger = options.logger;
    this.state = new ConnectionStateLog(
      options.logger,
      'sqlite analytics store',
      SQLITE_FILE_WORDS,
    );
    this.batchDelayMs = options.batchDelayMs ?? 200;
    this.maxPending = options.maxPendingEvents ?? 10_000;
    // Start-up may wait for a lock: nothing is being served yet.
    this.db = new Database(file, { timeout: 5_000 });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    try {
      migrateSqlite(this.db, 'analytics.sqlite', SQLITE_ANALYTICS_MIGRATIONS);
    } catch (error) {
      this.db.close();
      throw error;
    }
    this.db.pragma('busy_timeout = 0');
    this.guard = new WalIndexGuard(file, {
      repaired: ({ file: shm }) => {
        throw new WalIndexLostError(`${shm} shrank under the open store and was restored`);
      },
    });
    this.guard.check();
    this.statements = {
      // The searches of that kind in the window that a search extends: those whose query is one
      // of its prefixes (itself included), each looked up in the index.
      extended: this.db
        .prepare<[{ kind: string; from: number; to: number; prefixes: string }], number>(
          `SELECT id FROM search_events INDEXED BY search_events_kind_query_at
           WHERE kind = @kind AND query IN (SELECT value FROM json_each(@prefixes))
             AND at >= @from AND at <= @to AND superseded = 0`,
        )
        .pluck(),
      supersede: this.db.prepare<[number]>('UPDATE search_events SET superseded = 1 WHERE id = ?'),
      insertSearch: this.db.prepare<[number, string, string, string, number, number]>(
        `INSERT INTO search_events (at, kind, query, filters, result_count, took_ms)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      insertClick: this.db.prepare<[number, string, string, number, string]>(
        'INSERT INTO click_events (at, kind, query, rank, url) VALUES (?, ?, ?, ?, ?)',
      ),
      totals: this.db.prepare<[number, number], { searches: number; zero: number | null }>(
        `SELECT COUNT(*) AS searches,
                SUM(CASE WHEN result_count = 0 THEN 1 ELSE 0 END) AS zero
         FROM search_events WHERE ${COUNTED}`,
      ),
      clickTotal: this.db.prepare<[number, number], { clicks: number }>(
        'SELECT COUNT(*) AS clicks FROM click_events WHERE at >= ? AND at < ?',
      ),
      topQueries: this.db.prepare<
        [number, number, number],
        { query: string; searches: number; average: number }
      >(
        `SELECT query, COUNT(*) AS searches, AVG(result_count) AS average
         FROM search_events WHERE ${COUNTED}
         GROUP BY query ORDER BY searches DESC, query ASC LIMIT ?`,
      ),
      clicksByQuery: this.db.prepare<[number, number], { query: string; clicks: number }>(
        `SELECT query, COUNT(*) AS clicks FROM click_events
         WHERE at >= ? AND at < ? GROUP BY query`,
      ),
      zeroQueries: this.db.prepare<
        [number, number, number],
        { query: string; searches: number; last: number }
      >(
        `SELECT query, COUNT(*) AS searches, MAX(at) AS last
         FROM search_events WHERE ${COUNTED} AND result_count = 0
         GROUP BY query ORDER BY searches DESC, last DESC, query ASC LIMIT ?`,
      ),
      byRank: this.db.prepare<[number, number], { rank: number; clicks: number }>(
        `SELECT rank, COUNT(*) AS clicks FROM click_events
         WHERE at >= ? AND at < ? GROUP BY rank ORDER BY rank ASC LIMIT 100`,
      ),
      mostOpened: this.db.prepare<[number, number, string, number], { url: string; opens: number }>(
        `SELECT url, COUNT(*) AS opens FROM click_events
         WHERE at >= ? AND at < ? AND kind = ?
         GROUP BY url ORDER BY opens DESC, url ASC LIMIT ?`,
      ),
      purgeSearches: this.db.prepare<[number]>('DELETE FROM search_events WHERE at < ?'),
      purgeClicks: this.db.prepare<[number]>('DELETE FROM click_events WHERE at < ?'),
    };
    this.feedbackStatements = prepareFeedbackStatements(this.db);
  }

  /** Queues the search for the next batch; resolves at once. */
  async recordSearch(event: SearchEvent): Promise<void> {
    this.enqueueSearch(event);
  }

  /**
   * Queues the searches and writes everything queued now, in one transaction; a file that is
   * locked or failing keeps them queued for a later attempt, as for single events.
   */
  async recordSearches(events: readonly SearchEvent[]): Promise<void> {
    for (const event of events) this.enqueueSearch(event);
    await this.flush();
  }

  private enqueueSearch(event: SearchEvent): void {
    const query = normaliseQuery(event.query);
    if (query === '') return;
    this.enqueue({
      type: 'search',
      at: event.at.getTime(),
      kind: event.kind,
      query,
      filters: JSON.stringify(normaliseFilters(event.filters)),
      results: Math.max(0, Math.round(event.resultCount)),
      tookMs: Math.max(0, event.tookMs),
    });
  }

  /** Queues the click for the next batch; resolves at once. */
  async recordClick(event: ClickEvent): Promise<void> {
    const query = normaliseQuery(event.query);
    if (query === '') return;
    this.enqueue({
      type: 'click',
      at: event.at.getTime(),
      kind: event.kind,
      query,
      rank: Math.round(event.rank),
      url: event.url.slice(0, MAX_ANALYTICS_URL_LENGTH),
    });
  }

  private enqueue(event: PendingEvent): void {
    if (!this.db.open) throw new Error('the analytics store is closed');
    this.pending.push(event);
    const excess = this.pending.length - this.maxPending;
    if (excess > 0) {
      this.pending.splice(0, excess);
      if (this.dropped === 0) {
        this.logger?.warn(
          { kept: this.maxPending },
          'sqlite analytics store: too many events waiting for the file; the oldest are dropped',
        );
      }
      this.dropped += excess;
    }
    this.schedule(this.batchDelayMs);
  }

  private schedule(delayMs: number): void {
    if (this.timer !== undefined || !this.db.open) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delayMs);
    this.timer.unref();
  }

  /**
   * Writes the queued events in one transaction, one attempt (a lock means a later retry, not a
   * wait); resolves whether or not it succeeded, so callers read what is stored either way.
   */
  private flush(): Promise<void> {
    this.writing = this.writing.then(() => {
      if (this.pending.length === 0 || !this.db.open) return;
      const batch = this.pending;
      this.pending = [];
      try {
        this.guard.check();
        this.db
          .transaction(() => {
            for (const event of batch) this.write(event);
          })
          .immediate();
      } catch (error) {
        this.pending = batch.concat(this.pending).slice(-this.maxPending);
        if (!isSqliteBusy(error)) this.state.failed(error);
        else if (this.retryMs >= 1_000) this.state.failed(error);
        this.retryMs = Math.min(Math.max(this.retryMs * 2, 50), 5_000);
        this.schedule(this.retryMs);
        return;
      }
      this.retryMs = 0;
      if (this.dropped > 0) {
        this.logger?.warn({ dropped: this.dropped }, 'sqlite analytics store: events were dropped');
        this.dropped = 0;
      }
      this.state.connected();
    });
    return this.writing;
  }

  private write(event: PendingEvent): void {
    if (event.type === 'landing') {
      this.feedbackStatements.insertLanding.run(event);
      return;
    }
    if (event.type === 'click') {
      this.statements.insertClick.run(event.at, event.kind, event.query, event.rank, event.url);
      return;
    }
    const { at, kind, query } = event;
    const prefixes = JSON.stringify(prefixesOf(query));
    const from = at - this.windowMs;
    for (const id of this.statements.extended.all({ kind, from, to: at, prefixes })) {
      this.statements.supersede.run(id);
    }
    this.statements.insertSearch.run(at, kind, query, event.filters, event.results, event.tookMs);
  }

  async report(range: ReportRange, options: ReportOptions = {}): Promise<AnalyticsReport> {
    await this.flush();
    const from = range.from.getTime();
    const to = range.to.getTime();
    const limit = Math.max(1, Math.min(options.limit ?? 50, 1000));
    const read = this.db.transaction(() => {
      const totals = this.statements.totals.get(from, to);
      const searches = totals?.searches ?? 0;
      const clicksOf = new Map(
        this.statements.clicksByQuery.all(from, to).map((row) => [row.query, row.clicks]),
      );
      return {
        searches,
        zeroResultSearches: totals?.zero ?? 0,
        clicks: this.statements.clickTotal.get(from, to)?.clicks ?? 0,
        topQueries: this.statements.topQueries.all(from, to, limit).map((row) => ({
          query: row.query,
          searches: row.searches,
          averageResults: Math.round(row.average * 10) / 10,
          clicks: clicksOf.get(row.query) ?? 0,
        })),
        zeroResultQueries: this.statements.zeroQueries.all(from, to, limit).map((row) => ({
          query: row.query,
          searches: row.searches,
          lastSearchedAt: new Date(row.last),
        })),
        clickThroughByRank: this.statements.byRank.all(from, to).map((row) => ({
          rank: row.rank,
          clicks: row.clicks,
          rate: searches === 0 ? 0 : row.clicks / searches,
        })),
      };
    });
    return this.usingFile(() => whenSqliteFree(() => read()));
  }

  /**
   * Runs `work` once the guard allows touching the file: a damaged WAL index answers 503 (and is
   * logged once) instead of crashing the process.
   */
  private async usingFile<T>(work: () => Promise<T>): Promise<T> {
    try {
      this.guard.check();
    } catch (error) {
      this.state.failed(error);
      throw new PortalError('unavailable', 'Search analytics are unavailable right now.', {
        cause: error,
      });
    }
    return work();
  }

  async mostOpened(
    range: ReportRange,
    options: { kind: ClickEvent['kind']; limit?: number },
  ): Promise<OpenedPage[]> {
    const limit = Math.max(1, Math.min(options.limit ?? 50, 1000));
    await this.flush();
    return this.statements.mostOpened.all(
      range.from.getTime(),
      range.to.getTime(),
      options.kind,
      limit,
    );
  }

  async recentQueries(options: { limit: number }): Promise<LoggedQuery[]> {
    await this.flush();
    const limit = Math.max(1, Math.min(options.limit, 10_000));
    const read = this.db.transaction(() => {
      const searches = this.db
        .prepare<[number], { query: string; kind: string; filters: string; at: number }>(
          `SELECT query, kind, filters, at FROM search_events WHERE superseded = 0
           ORDER BY at DESC, id DESC LIMIT ?`,
        )
        .all(limit);
      const oldest = (searches.at(-1)?.at ?? Date.now()) - CLICK_LOOKBACK_MS;
      const clicks = this.db
        .prepare<[number], { query: string; kind: string; url: string }>(
          'SELECT DISTINCT query, kind, url FROM click_events WHERE at >= ?',
        )
        .all(oldest);
      return joinClicks(searches, clicks);
    });
    return this.usingFile(() => whenSqliteFree(() => read()));
  }

  async purgeBefore(before: Date): Promise<number> {
    await this.flush();
    const at = before.getTime();
    return this.usingFile(() =>
      whenSqliteFree(() =>
        this.db
          .transaction(
            () =>
              this.statements.purgeSearches.run(at).changes +
              this.statements.purgeClicks.run(at).changes +
              this.feedbackStatements.purgeFeedback.run(at).changes +
              this.feedbackStatements.purgeLandings.run(at).changes,
          )
          .immediate(),
      ),
    );
  }

  // --- Reader feedback and the content-gap list ---

  async feedbackSalt(): Promise<string> {
    return this.usingFile(() =>
      whenSqliteFree(() => {
        this.feedbackStatements.insertSalt.run(randomBytes(32).toString('base64url'));
        return (this.feedbackStatements.salt.get() as { salt: string }).salt;
      }),
    );
  }

  /** Written at once (not queued): the answer says whether it was stored. */
  async recordFeedback(event: FeedbackEvent): Promise<boolean> {
    const row = {
      at: event.at.getTime(),
      kind: event.kind,
      docSetId: event.docSetId,
      release: event.release,
      page: event.page,
      anchor: event.anchor,
      helpful: event.helpful ? 1 : 0,
      reason: event.reason,
      comment: event.comment,
      dedupeKey: event.dedupeKey,
    };
    return this.usingFile(() =>
      whenSqliteFree(() => this.feedbackStatements.insertFeedback.run(row).changes === 1),
    );
  }

  async listFeedback(
    range: ReportRange,
    options: { docSetIds: readonly string[]; limit?: number },
  ): Promise<StoredFeedback[]> {
    const limit = Math.max(1, Math.min(options.limit ?? 100, 1000));
    const rows = await this.usingFile(() =>
      whenSqliteFree(() =>
        this.feedbackStatements.listFeedback.all(
          range.from.getTime(),
          range.to.getTime(),
          JSON.stringify(options.docSetIds),
          limit,
        ),
      ),
    );
    return rows.map((row) => ({
      docSetId: row.doc_set_id,
      release: row.release,
      page: row.page,
      anchor: row.anchor,
      helpful: row.helpful === 1,
      reason: row.reason,
      comment: row.comment,
      kind: row.kind as StoredFeedback['kind'],
      at: new Date(row.at),
    }));
  }

  /** Queued for the next batch, like searches and clicks; resolves at once. */
  async recordMissingLanding(landing: MissingLanding): Promise<void> {
    this.enqueue({
      type: 'landing',
      at: (landing.at ?? new Date()).getTime(),
      kind: landing.kind,
      docSetId: landing.docSetId,
      path: landing.path.slice(0, MAX_ANALYTICS_URL_LENGTH),
      anchor: landing.anchor ? landing.anchor.slice(0, MAX_ANALYTICS_URL_LENGTH) : null,
    });
  }

  async gapSignals(range: ReportRange, options: { limit?: number } = {}): Promise<GapSignals> {
    await this.flush();
    const limit = Math.max(1, Math.min(options.limit ?? 50, 1000));
    const from = range.from.getTime();
    const to = range.to.getTime();
    const params = { from, to, rows: QUERY_SIGNAL_ROWS };
    const st = this.feedbackStatements;
    const read = this.db.transaction(() => ({
      zeroResult: mergeQueryRows(st.zeroResult.all(params), limit),
      noClick: mergeQueryRows(st.noClick.all({ ...params, window: NO_CLICK_WINDOW_MS }), limit),
      reformulated: mergeQueryRows(
        st.reformulated.all({
          ...params,
          window: REFORMULATION_WINDOW_MS,
          soon: REFORMULATION_WINDOW_MS,
        }),
        limit,
      ),
      negativeFeedback: mergePageFeedbackRows(st.negativeFeedback.all(from, to), limit),
      missingLandings: st.missingLandings.all(from, to, limit).map((row) => ({
        docSetId: row.doc_set_id,
        path: row.path,
        anchor: row.anchor,
        count: row.count,
      })),
    }));
    return this.usingFile(() => whenSqliteFree(() => read()));
  }

  async queriesOpening(
    range: ReportRange,
    paths: readonly string[],
    limit = 3,
  ): Promise<Record<string, string[]>> {
    await this.flush();
    const from = range.from.getTime();
    const to = range.to.getTime();
    const read = this.db.transaction(() => {
      const found: Record<string, string[]> = {};
      for (const path of paths) {
        found[path] = this.feedbackStatements.queriesOpening
          .all({ from, to, path, limit })
          .map((row) => row.query);
      }
      return found;
    });
    return this.usingFile(() => whenSqliteFree(() => read()));
  }

  async claimGapDelivery(day: string): Promise<boolean> {
    return this.usingFile(() =>
      whenSqliteFree(() => this.feedbackStatements.claimDelivery.run(day).changes === 1),
    );
  }

  async ping(): Promise<void> {
    await this.usingFile(async () => this.db.prepare('SELECT 1').get());
  }

  /** Writes what is queued (one last attempt; events that still cannot be written are logged) and closes. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
    if (this.pending.length > 0) {
      this.logger?.warn(
        { lost: this.pending.length },
        'sqlite analytics store: closed with events it could not write',
      );
      this.pending = [];
    }
    if (this.db.open && walIndexUsable(this.guard)) this.db.close();
  }
}
