/**
 * The "Was this page helpful?" answer as the doc-page control sends it and the server checks it
 * (`POST {basePath}/analytics/feedback`). Plain constants, no schema library: the doc-page script
 * imports this file and has a small size budget.
 */

/** Why a reader found a page unhelpful, in the order the control offers them. */
export const FEEDBACK_REASONS = [
  'incorrect',
  'outdated',
  'hard-to-follow',
  'missing-information',
  'other',
] as const;

/** One of {@link FEEDBACK_REASONS}. */
export type FeedbackReason = (typeof FEEDBACK_REASONS)[number];

/** The reader's words for each reason (control, analytics page, CSV). */
export const FEEDBACK_REASON_LABELS: Record<FeedbackReason, string> = {
  incorrect: 'Incorrect',
  outdated: 'Outdated',
  'hard-to-follow': 'Hard to follow',
  'missing-information': 'Missing information',
  other: 'Other',
};

/** Longest comment, in characters. */
export const MAX_FEEDBACK_COMMENT_LENGTH = 1000;

/** Body of the feedback post. */
export interface FeedbackBody {
  /** The page's address on the portal (path, query, fragment of the section read). */
  url: string;
  helpful: boolean;
  /** Only with `helpful: false` (and then required). */
  reason?: FeedbackReason;
  /** Only with `helpful: false`; plain text. */
  comment?: string;
}
