import type { UserKind } from '@docs-portal/contracts';

export {
  FEEDBACK_REASON_LABELS,
  FEEDBACK_REASONS,
  MAX_FEEDBACK_COMMENT_LENGTH,
  type FeedbackReason,
} from '@docs-portal/contracts/feedback';
import type { FeedbackReason } from '@docs-portal/contracts/feedback';

/**
 * A "Was this page helpful?" answer. Nothing identifies the reader beyond their kind: `dedupeKey`
 * is a salted hash of reader, page and day, so that one reader answers once a day per page.
 */
export interface FeedbackEvent {
  /** The doc set of the page. */
  docSetId: string;
  /** The release served when the reader answered. */
  release: number;
  /** The page: its path inside the doc set (`guide/a.htm`). */
  page: string;
  /** The section the reader was at (`#id` without the hash), or null. */
  anchor: string | null;
  /** Yes (true) or no (false). */
  helpful: boolean;
  /** Why not (only with `helpful: false`). */
  reason: FeedbackReason | null;
  /** Optional plain-text comment (only with `helpful: false`), at most 1,000 characters. */
  comment: string | null;
  /** Who answered: customer, partner or employee. */
  kind: UserKind;
  /** When. */
  at: Date;
  /** Salted hash of reader, page and day: a second answer with the same key is not stored. */
  dedupeKey: string;
}

/** A stored answer as the employees' analytics page lists it. */
export type StoredFeedback = Omit<FeedbackEvent, 'dedupeKey'>;

/** A reader landed on a page or a section that does not exist. */
export interface MissingLanding {
  /** The doc set whose mount the path is under. */
  docSetId: string;
  /** The path inside the doc set (for a missing page) or of the page (for a missing anchor). */
  path: string;
  /** The fragment that named no element of an existing page; absent for a missing page. */
  anchor?: string | null;
  /** Who landed there. */
  kind: UserKind;
  /** When (default now). */
  at?: Date;
}

/** A query behaviour counted for the content-gap list. */
export interface QuerySignal {
  /** The normalised query. */
  query: string;
  /** How often. */
  count: number;
  /** Sample of related queries (for reformulations: what readers searched next). */
  samples: string[];
  /** Products the searches were filtered to (empty: searched across all). */
  products: string[];
}

/** Negative answers of one page. */
export interface PageFeedbackSignal {
  docSetId: string;
  page: string;
  /** "No" answers. */
  count: number;
  /** "No" answers by reason. */
  reasons: Partial<Record<FeedbackReason, number>>;
}

/** Landings on one missing page or anchor. */
export interface LandingSignal {
  docSetId: string;
  path: string;
  /** The missing anchor, or null for a missing page. */
  anchor: string | null;
  count: number;
}

/** The raw material of the content-gap list, for a period; every list most frequent first. */
export interface GapSignals {
  /** Searches that found nothing. */
  zeroResult: QuerySignal[];
  /** Searches that found pages but were followed by no result click (within 30 minutes). */
  noClick: QuerySignal[];
  /** Searches followed within a minute by a different search of the same reader kind, without a click. */
  reformulated: QuerySignal[];
  /** Pages with "no" answers. */
  negativeFeedback: PageFeedbackSignal[];
  /** Landings on missing pages and anchors. */
  missingLandings: LandingSignal[];
}

/** A search without a click this long after it counts as "no click". */
export const NO_CLICK_WINDOW_MS = 30 * 60 * 1000;
/** A different search this soon after one counts as a reformulation. */
export const REFORMULATION_WINDOW_MS = 60 * 1000;

/** A row of the stores' query-signal statements, merged by {@link mergeQueryRows}. */
export interface QuerySignalRow {
  query: string;
  filters: string | Record<string, string[]>;
  count: number;
  next?: string | null;
}

/**
 * Merges rows counted per (query, filters[, next query]) into one signal per query: counts
 * summed, products collected, the most frequent next queries as samples; most frequent first.
 */
export function mergeQueryRows(rows: readonly QuerySignalRow[], limit: number): QuerySignal[] {
  const byQuery = new Map<
    string,
    { count: number; products: Set<string>; next: Map<string, number> }
  >();
  for (const row of rows) {
    let entry = byQuery.get(row.query);
    if (!entry) {
      entry = { count: 0, products: new Set(), next: new Map() };
      byQuery.set(row.query, entry);
    }
    const count = Number(row.count);
    entry.count += count;
    const filters = typeof row.filters === 'string' ? parseFilters(row.filters) : row.filters;
    for (const product of filters.product ?? []) entry.products.add(product);
    if (row.next) entry.next.set(row.next, (entry.next.get(row.next) ?? 0) + count);
  }
  return [...byQuery]
    .map(([query, e]) => ({
      query,
      count: e.count,
      samples: [...e.next]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, 3)
        .map(([q]) => q),
      products: [...e.products].sort(),
    }))
    .sort((a, b) => b.count - a.count || a.query.localeCompare(b.query))
    .slice(0, limit);
}

function parseFilters(text: string): Record<string, string[]> {
  try {
    return JSON.parse(text) as Record<string, string[]>;
  } catch {
    return {};
  }
}
