import type { UserKind } from '@docs-portal/contracts';
import type {
  FeedbackEvent,
  GapSignals,
  MissingLanding,
  StoredFeedback,
} from './feedback/FeedbackEvents';

/** Longest query kept, in characters (longer ones are cut). */
export const MAX_ANALYTICS_QUERY_LENGTH = 500;
/** Longest result URL kept, in characters. */
export const MAX_ANALYTICS_URL_LENGTH = 2000;
/**
 * A search is folded into a later one of the same reader kind, within this many milliseconds, whose
 * query starts with its query: search as you type sends "ba", "bac", "backup", and only "backup"
 * is what the reader searched for. Also folds a query run again (paging to "all results", a filter).
 */
export const DEFAULT_SUPERSEDE_WINDOW_MS = 5000;

/** A search a reader ran. Nothing identifies the reader beyond their kind. */
export interface SearchEvent {
  /** The query as typed; stores keep it normalised ({@link normaliseQuery}). */
  query: string;
  /** Facet filters applied (field -> values). */
  filters: Record<string, string[]>;
  /** Pages found (the answer's total). */
  resultCount: number;
  /** Time the engine took, in milliseconds. */
  tookMs: number;
  /** Who searched: customer, partner or employee. */
  kind: UserKind;
  /** When. */
  at: Date;
}

/** A search result a reader opened. */
export interface ClickEvent {
  /** The query the result was found with (normalised when stored). */
  query: string;
  /** Position of the result's page in the whole result list, from 1. */
  rank: number;
  /** The URL opened: a path under the portal's base path. */
  url: string;
  /** Who clicked: customer, partner or employee. */
  kind: UserKind;
  /** When. */
  at: Date;
}

/** A period of a report: from `from` (included) to `to` (excluded). */
export interface ReportRange {
  /** Start, included. */
  from: Date;
  /** End, excluded. */
  to: Date;
}

/** How long the lists of a report are. */
export interface ReportOptions {
  /** Rows of the query lists (default 50). */
  limit?: number;
}

/** A query and how often it was searched. */
export interface QueryCount {
  /** The normalised query. */
  query: string;
  /** Searches of it in the period. */
  searches: number;
}

/** What readers searched for and opened over a period: for the documentation team. */
export interface AnalyticsReport {
  /** Searches counted (search-as-you-type steps folded into the search they led to). */
  searches: number;
  /** Of those, searches that found nothing. */
  zeroResultSearches: number;
  /** Result clicks. */
  clicks: number;
  /** Most searched queries, most first: with their average result count and clicks. */
  topQueries: (QueryCount & { averageResults: number; clicks: number })[];
  /** Queries that found nothing, most searched first: what the documentation misses. */
  zeroResultQueries: (QueryCount & { lastSearchedAt: Date })[];
  /** Clicks at each result rank, and their share of the period's searches (click-through rate). */
  clickThroughByRank: { rank: number; clicks: number; rate: number }[];
}

/** A page readers opened from search results, and how often. */
export interface OpenedPage {
  /** The URL as recorded (a path under the base path, maybe with query and fragment). */
  url: string;
  /** Clicks on it in the period. */
  opens: number;
}

/**
 * `recentQueries` joins clicks from this long before the oldest search it lists on: a search run
 * again is folded into the later one, which can come after the clicks of the first.
 */
export const CLICK_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/** A logged search, for replaying it against a draft of relevance rules. */
export interface LoggedQuery {
  /** The normalised query. */
  query: string;
  /** Who searched: replayed with that kind's access. */
  kind: UserKind;
  /** Facet filters it was searched with. */
  filters: Record<string, string[]>;
  /** URLs readers of that kind opened from results of that query (see {@link CLICK_LOOKBACK_MS}). */
  clickedUrls: string[];
}

/**
 * Where search analytics are kept: SQLite in the data folder by default, PostgreSQL when several
 * replicas share them. Every implementation passes the contract suite of
 * `testing/analyticsStoreContract.ts`.
 */
export interface AnalyticsStore {
  /** Backend id (`sqlite`, `postgres`). */
  readonly kind: string;
  /**
   * Records a search: query normalised, and earlier searches it supersedes (same kind, within the
   * supersede window, a query this one starts with) folded into it. Empty queries are ignored.
   */
  recordSearch(event: SearchEvent): Promise<void>;
  /**
   * Records searches in one transaction, as `recordSearch` would one after the other (in order:
   * a search folds earlier ones of the batch too).
   */
  recordSearches(events: readonly SearchEvent[]): Promise<void>;
  /** Records a result click (query normalised, URL capped). Empty queries are ignored. */
  recordClick(event: ClickEvent): Promise<void>;
  /** Counts searches and clicks of `range`. */
  report(range: ReportRange, options?: ReportOptions): Promise<AnalyticsReport>;
  /**
   * The URLs readers of `kind` opened most from search results in `range`, most first (ties by
   * URL), at most `limit` (default 50). For the home page's "most opened" list; the caller keeps
   * only pages the reader may still read.
   */
  mostOpened(
    range: ReportRange,
    options: { kind: UserKind; limit?: number },
  ): Promise<OpenedPage[]>;
  // --- Reader feedback and the content-gap list (issue 16; missing landings: issue 15) ---
  /**
   * The deployment's salt for feedback dedupe keys: random, made once and kept in the store, so
   * that every replica hashes a reader the same way. Never shown.
   */
  feedbackSalt(): Promise<string>;
  /**
   * Stores a "Was this page helpful?" answer; answers false (storing nothing) when an answer with
   * the same dedupe key is already stored (one per reader, page and day).
   */
  recordFeedback(event: FeedbackEvent): Promise<boolean>;
  /**
   * Answers of `range` on pages of `docSetIds` only (the caller passes the doc sets the viewer
   * may read), newest first, at most `limit` (default 100).
   */
  listFeedback(
    range: ReportRange,
    options: { docSetIds: readonly string[]; limit?: number },
  ): Promise<StoredFeedback[]>;
  /** Records a landing on a missing page (no anchor) or a missing anchor of an existing page. */
  recordMissingLanding(landing: MissingLanding): Promise<void>;
  /** The counts behind the content-gap list for `range`, each list at most `limit` (default 50). */
  gapSignals(range: ReportRange, options?: { limit?: number }): Promise<GapSignals>;
  /**
   * For each page address in `paths` (`{basePath}/{mount}/{page}`), the queries whose results
   * readers opened it from in `range` (with any query string or fragment), most first, at most
   * `limit` each (default 3): the sample queries of a page in the content-gap list.
   */
  queriesOpening(
    range: ReportRange,
    paths: readonly string[],
    limit?: number,
  ): Promise<Record<string, string[]>>;
  /**
   * Claims the daily gap-list delivery of `day` (`YYYY-MM-DD`): true for the first caller across
   * every replica sharing the store, false after, so the list is sent once a day.
   */
  claimGapDelivery(day: string): Promise<boolean>;
  // --- end of reader feedback ---
  /**
   * Relevance workbench (read only): the last `limit` searches (superseded steps left out), newest
   * first, each with the URLs readers of its kind opened from that query.
   */
  recentQueries(options: { limit: number }): Promise<LoggedQuery[]>;
  /** Deletes events older than `before`; answers how many. For a retention schedule. */
  purgeBefore(before: Date): Promise<number>;
  /** Resolves when the store can be used; rejects with the reason otherwise (readiness). */
  ping(): Promise<void>;
  /** Closes the store; nothing may be called after. */
  close(): Promise<void>;
}

/** A query as analytics keep it: trimmed, inner spaces collapsed, lower case, at most 500 characters. */
export function normaliseQuery(query: string): string {
  return query
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .slice(0, MAX_ANALYTICS_QUERY_LENGTH)
    .trimEnd();
}

/** Facet filters in a stable form (fields and values sorted, empty fields dropped), for storage. */
export function normaliseFilters(filters: Record<string, string[]>): Record<string, string[]> {
  const sorted: Record<string, string[]> = {};
  for (const field of Object.keys(filters).sort()) {
    const values = filters[field] ?? [];
    if (values.length > 0) sorted[field] = [...new Set(values)].sort();
  }
  return sorted;
}

/** Joins recent searches (newest first) with clicks: the shared part of `recentQueries`. */
export function joinClicks(
  searches: readonly { query: string; kind: string; filters: string | Record<string, string[]> }[],
  clicks: readonly { query: string; kind: string; url: string }[],
): LoggedQuery[] {
  const opened = new Map<string, Set<string>>();
  for (const click of clicks) {
    const key = `${click.kind}\0${click.query}`;
    const urls = opened.get(key) ?? new Set<string>();
    urls.add(click.url);
    opened.set(key, urls);
  }
  return searches.map((s) => ({
    query: s.query,
    kind: s.kind as UserKind,
    filters:
      typeof s.filters === 'string'
        ? (JSON.parse(s.filters) as Record<string, string[]>)
        : s.filters,
    clickedUrls: [...(opened.get(`${s.kind}\0${s.query}`) ?? [])],
  }));
}
