import { MAX_ANALYTICS_URL_LENGTH } from '../AnalyticsStore';
import { z } from 'zod';
import { FEEDBACK_REASONS, MAX_FEEDBACK_COMMENT_LENGTH } from './FeedbackEvents';

/** Text that a browser could read as markup: a tag, a comment or a declaration opening. */
const MARKUP = /<\s*[a-zA-Z!/?]/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Body of `POST {basePath}/analytics/feedback`: the page's address (as the browser shows it, with
 * the section's fragment) and the answer. A "no" needs a reason; reason and comment come only
 * with a "no". The comment is plain text: markup and control characters are refused.
 */
export const FeedbackBodySchema = z
  .object({
    url: z.string().min(1).max(MAX_ANALYTICS_URL_LENGTH),
    helpful: z.boolean(),
    reason: z.enum(FEEDBACK_REASONS).optional(),
    comment: z
      .string()
      .max(MAX_FEEDBACK_COMMENT_LENGTH, `must be at most ${MAX_FEEDBACK_COMMENT_LENGTH} characters`)
      .refine((text) => !MARKUP.test(text), 'must be plain text without markup such as <tags>')
      .refine((text) => !CONTROL.test(text), 'must not hold control characters')
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (!body.helpful && body.reason === undefined) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required with a "no"' });
    }
    if (body.helpful && (body.reason !== undefined || body.comment !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [body.reason !== undefined ? 'reason' : 'comment'],
        message: 'is only given with a "no"',
      });
    }
  });

/** Body of `POST {basePath}/analytics/missing-anchor`: the address with the fragment that named nothing. */
export const MissingAnchorBodySchema = z
  .object({ url: z.string().min(1).max(MAX_ANALYTICS_URL_LENGTH) })
  .strict();
