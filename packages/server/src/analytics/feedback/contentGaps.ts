import type { DocSetConfig } from '../../config/schema';
import type { AnalyticsStore, ReportRange } from '../AnalyticsStore';
import {
  FEEDBACK_REASON_LABELS,
  type FeedbackReason,
  type GapSignals,
  type QuerySignal,
} from './FeedbackEvents';

/** What the team can do about a gap. */
export type GapAction = 'add-synonym' | 'pin-page' | 'fix-page';

/** The words of each action on the page and in the CSV. */
export const GAP_ACTION_LABELS: Record<GapAction, string> = {
  'add-synonym': 'Add a synonym',
  'pin-page': 'Pin a page',
  'fix-page': 'Fix the page',
};

/** Kinds of gap, in the words of the list. */
export const GAP_KIND_LABELS = {
  'zero-result': 'Found nothing',
  'no-click': 'Results but no click',
  reformulated: 'Reformulated within a minute',
  'negative-feedback': 'Negative feedback',
  'missing-page': 'Landing on a missing page',
  'missing-anchor': 'Landing on a missing section',
} as const;

/** One kind of gap. */
export type GapKind = keyof typeof GAP_KIND_LABELS;

/** One line of the content-gap list. */
export interface GapItem {
  kind: GapKind;
  /** The doc set it is about, or null for a query searched across all. */
  docSetId: string | null;
  /** The doc set's title (null with `docSetId`). */
  docSetTitle: string | null;
  /** What it is about: the query, or the page path (with `#anchor` for a missing section). */
  subject: string;
  /** How often. */
  count: number;
  /**
   * Sample queries: the query itself; for reformulations what readers searched next; for pages
   * the queries readers opened the page from.
   */
  samples: string[];
  /** For negative feedback: the reasons given, most first, with their counts. */
  reasons?: string[];
  /** Suggested action. */
  action: GapAction;
}

const ACTION: Record<GapKind, GapAction> = {
  'zero-result': 'add-synonym',
  'no-click': 'pin-page',
  reformulated: 'add-synonym',
  'negative-feedback': 'fix-page',
  'missing-page': 'fix-page',
  'missing-anchor': 'fix-page',
};

/**
 * The ranked content-gap list (most frequent first) from the store's signals, for a viewer who
 * may read `readable` doc sets: page gaps of any other doc set are left out (not shown, not
 * counted). With `docSetId`, only that doc set's gaps: its pages, and the queries searched with a
 * product filter naming its product. Without, every gap of the readable doc sets and every query.
 */
export function contentGapList(
  signals: GapSignals,
  readable: readonly DocSetConfig[],
  docSetId?: string,
  pageQueries: (docSet: DocSetConfig, page: string) => string[] = () => [],
): GapItem[] {
  const byId = new Map(readable.map((d) => [d.id, d]));
  const scope = docSetId === undefined ? undefined : byId.get(docSetId);
  if (docSetId !== undefined && !scope) return [];
  const items: GapItem[] = [];
  const queryItems = (kind: GapKind, list: QuerySignal[]) => {
    for (const signal of list) {
      if (scope && !signal.products.includes(scope.product)) continue;
      items.push({
        kind,
        docSetId: scope?.id ?? null,
        docSetTitle: scope?.title ?? null,
        subject: signal.query,
        count: signal.count,
        samples: kind === 'reformulated' ? signal.samples : [signal.query],
        action: ACTION[kind],
      });
    }
  };
  queryItems('zero-result', signals.zeroResult);
  queryItems('no-click', signals.noClick);
  queryItems('reformulated', signals.reformulated);
  const pageOf = (id: string) => (scope ? (id === scope.id ? scope : undefined) : byId.get(id));
  for (const page of signals.negativeFeedback) {
    const docSet = pageOf(page.docSetId);
    if (!docSet) continue;
    const reasons = (Object.entries(page.reasons) as [FeedbackReason, number][])
      .sort((a, b) => b[1] - a[1])
      .map(([reason, n]) => `${FEEDBACK_REASON_LABELS[reason]} (${n})`);
    items.push({
      kind: 'negative-feedback',
      docSetId: docSet.id,
      docSetTitle: docSet.title,
      subject: page.page,
      count: page.count,
      samples: pageQueries(docSet, page.page),
      reasons,
      action: 'fix-page',
    });
  }
  for (const landing of signals.missingLandings) {
    const docSet = pageOf(landing.docSetId);
    if (!docSet) continue;
    items.push({
      kind: landing.anchor === null ? 'missing-page' : 'missing-anchor',
      docSetId: docSet.id,
      docSetTitle: docSet.title,
      subject: landing.anchor === null ? landing.path : `${landing.path}#${landing.anchor}`,
      count: landing.count,
      samples: pageQueries(docSet, landing.path),
      action: 'fix-page',
    });
  }
  return items.sort((a, b) => b.count - a.count || a.subject.localeCompare(b.subject));
}

/** The address of `page` of `docSet` as recorded clicks name it: `{basePath}/{mount}/{page}`. */
export function pageAddress(basePath: string, docSet: DocSetConfig, page: string): string {
  const path = page.split('/').map(encodeURIComponent).join('/');
  return `${basePath.replace(/\/+$/, '')}/${docSet.mount}/${path}`;
}

/**
 * The ranked content-gap list of `range` from `store` (see {@link contentGapList}), with the
 * queries readers opened each listed page from as its samples.
 */
export async function loadContentGaps(
  store: AnalyticsStore,
  range: ReportRange,
  readable: readonly DocSetConfig[],
  basePath: string,
  docSetId?: string,
): Promise<GapItem[]> {
  const signals = await store.gapSignals(range);
  const byId = new Map(readable.map((d) => [d.id, d]));
  const paths = [
    ...signals.negativeFeedback.map((p) => [p.docSetId, p.page] as const),
    ...signals.missingLandings.map((l) => [l.docSetId, l.path] as const),
  ].flatMap(([id, page]) => {
    const docSet = byId.get(id);
    return docSet ? [pageAddress(basePath, docSet, page)] : [];
  });
  const queries = await store.queriesOpening(range, [...new Set(paths)]);
  return contentGapList(
    signals,
    readable,
    docSetId,
    (docSet, page) => queries[pageAddress(basePath, docSet, page)] ?? [],
  );
}
