import { selectorProblem } from '@docs-portal/search';
import { z } from 'zod';

const MAX_SELECTOR_LENGTH = 1000;

/**
 * A CSS selector, checked with the indexer's own selector engine so that every selector the
 * config accepts is one the indexer can apply.
 */
const selectorSchema = z
  .string()
  .max(MAX_SELECTOR_LENGTH)
  .superRefine((selector, ctx) => {
    const problem = selectorProblem(selector);
    if (problem !== undefined) {
      ctx.addIssue({ code: 'custom', message: `not a valid CSS selector (${problem})` });
    }
  });

/**
 * A doc set's own extraction rules (`docSets[].extract`), applied over the built-in rules; see
 * `ExtractionRules` in @docs-portal/search. `exclude` takes one selector or a list, and is always
 * a list once parsed. Changing any rule re-indexes that doc set on the next sync.
 */
export const ExtractSchema = z.strictObject({
  /** Element(s) whose text is the topic. */
  main: selectorSchema.optional(),
  /** Elements removed before extraction. */
  exclude: z
    .union([selectorSchema, z.array(selectorSchema).min(1)])
    .transform((value) => (typeof value === 'string' ? [value] : value))
    .optional(),
  /** The page title element. */
  title: selectorSchema.optional(),
  /** Element(s) whose link texts are the breadcrumb trail. */
  breadcrumb: selectorSchema.optional(),
});
export type ExtractConfig = z.infer<typeof ExtractSchema>;
