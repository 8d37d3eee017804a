import type { FeedbackReason, PageFeedbackSignal } from './FeedbackEvents';

/** Merges "no" answers counted per (doc set, page, reason) into one signal per page, most first. */
export function mergePageFeedbackRows(
  rows: readonly {
    doc_set_id: string;
    page: string;
    reason: FeedbackReason | null;
    count: number;
  }[],
  limit: number,
): PageFeedbackSignal[] {
  const byPage = new Map<string, PageFeedbackSignal>();
  for (const row of rows) {
    const key = `${row.doc_set_id}\n${row.page}`;
    let signal = byPage.get(key);
    if (!signal) {
      signal = { docSetId: row.doc_set_id, page: row.page, count: 0, reasons: {} };
      byPage.set(key, signal);
    }
    const count = Number(row.count);
    signal.count += count;
    if (row.reason) signal.reasons[row.reason] = (signal.reasons[row.reason] ?? 0) + count;
  }
  return [...byPage.values()]
    .sort(
      (a, b) =>
        b.count - a.count || a.docSetId.localeCompare(b.docSetId) || a.page.localeCompare(b.page),
    )
    .slice(0, limit);
}
