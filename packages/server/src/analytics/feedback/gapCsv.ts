import { toCsv } from '../reportCsv';
import { GAP_ACTION_LABELS, GAP_KIND_LABELS, type GapItem } from './contentGaps';

/** Header of the content-gap CSV. */
export const GAP_CSV_HEADER = [
  'Gap',
  'Doc set',
  'Query or page',
  'Count',
  'Samples',
  'Suggested action',
] as const;

/**
 * The content-gap list as CSV for spreadsheets, cells escaped against formula injection like the
 * report's (`toCsv`); samples joined with ` | `. Starts with a byte-order mark (UTF-8).
 */
export function gapCsv(items: readonly GapItem[]): string {
  const rows = items.map((item) => [
    GAP_KIND_LABELS[item.kind],
    item.docSetTitle ?? 'All',
    item.subject,
    item.count,
    [...(item.reasons ?? []), ...item.samples].join(' | '),
    GAP_ACTION_LABELS[item.action],
  ]);
  return `\uFEFF${toCsv([[...GAP_CSV_HEADER], ...rows])}`;
}
