import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  DEFAULT_SUPERSEDE_WINDOW_MS,
  MAX_ANALYTICS_URL_LENGTH,
  normaliseFilters,
  normaliseQuery,
  type AnalyticsReport,
  type AnalyticsStore,
  type ClickEvent,
  type OpenedPage,
  type ReportOptions,
  type ReportRange,
  type SearchEvent,
} from '../AnalyticsStore';

/** Options of a {@link SqliteAnalyticsStore}. */
export interface SqliteAnalyticsStoreOptions {
  /** See {@link DEFAULT_SUPERSEDE_WINDOW_MS}. */
  supersedeWindowMs?: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS search_events (
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
CREATE INDEX IF NOT EXISTS click_events_at ON click_events (at);
`;

/** Searches counted in a period: the ones no later search superseded. */
const COUNTED = 'at >= ? AND at < ? AND superseded = 0';

/** Search analytics in `${dataDir}/analytics.sqlite`: the embedded default. */
export class SqliteAnalyticsStore implements AnalyticsStore {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;
  private readonly windowMs: number;
  private readonly statements;

  /** Opens (creating when needed) `${dataDir}/analytics.sqlite`; `:memory:` for a throwaway store. */
  constructor(dataDir: string | ':memory:', options: SqliteAnalyticsStoreOptions = {}) {
    let file = ':memory:';
    if (dataDir !== ':memory:') {
      mkdirSync(dataDir, { recursive: true });
      file = path.join(dataDir, 'analytics.sqlite');
    }
    this.windowMs = options.supersedeWindowMs ?? DEFAULT_SUPERSEDE_WINDOW_MS;
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.statements = {
      supersede: this.db.prepare<[string, number, number, string, string]>(
        `UPDATE search_events SET superseded = 1
         WHERE kind = ? AND at >= ? AND at <= ? AND superseded = 0
           AND substr(?, 1, length(query)) = query AND length(query) <= length(?)`,
      ),
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
  }

  async recordSearch(event: SearchEvent): Promise<void> {
    const query = normaliseQuery(event.query);
    if (query === '') return;
    const at = event.at.getTime();
    this.db.transaction(() => {
      this.statements.supersede.run(event.kind, at - this.windowMs, at, query, query);
      this.statements.insertSearch.run(
        at,
        event.kind,
        query,
        JSON.stringify(normaliseFilters(event.filters)),
        Math.max(0, Math.round(event.resultCount)),
        Math.max(0, event.tookMs),
      );
    })();
  }

  async recordClick(event: ClickEvent): Promise<void> {
    const query = normaliseQuery(event.query);
    if (query === '') return;
    this.statements.insertClick.run(
      event.at.getTime(),
      event.kind,
      query,
      Math.round(event.rank),
      event.url.slice(0, MAX_ANALYTICS_URL_LENGTH),
    );
  }

  async report(range: ReportRange, options: ReportOptions = {}): Promise<AnalyticsReport> {
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
    return read();
  }

  async mostOpened(
    range: ReportRange,
    options: { kind: ClickEvent['kind']; limit?: number },
  ): Promise<OpenedPage[]> {
    const limit = Math.max(1, Math.min(options.limit ?? 50, 1000));
    return this.statements.mostOpened.all(
      range.from.getTime(),
      range.to.getTime(),
      options.kind,
      limit,
    );
  }

  async purgeBefore(before: Date): Promise<number> {
    const at = before.getTime();
    return this.db.transaction(
      () =>
        this.statements.purgeSearches.run(at).changes + this.statements.purgeClicks.run(at).changes,
    )();
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
