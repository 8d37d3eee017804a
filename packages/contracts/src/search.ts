import { z } from 'zod';

/** Longest query the search API accepts, in characters. */
export const MAX_QUERY_LENGTH = 500;
/** Largest page size the search API accepts. */
export const MAX_PAGE_SIZE = 100;
/** Facet fields a search can be filtered and counted by. */
export const FACET_FIELDS = ['product', 'version', 'docType'] as const;
export type FacetField = (typeof FACET_FIELDS)[number];

const filterValues = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.string().min(1).max(200)).max(20));

const intParam = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .optional()
    .transform((v) => (v === undefined ? fallback : Number(v)))
    .pipe(z.number().int().min(min).max(max));

/**
 * Query string of `GET {basePath}/search`. Repeated parameters (`product=a&product=b`) are OR-ed
 * within a field and AND-ed across fields. Unknown parameters are rejected (strict).
 */
export const SearchRequestSchema = z
  .object({
    q: z.string().max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`),
    product: filterValues,
    version: filterValues,
    docType: filterValues,
    /**
     * Version of the doc page the reader searched from: where a page exists in several versions,
     * the hit shows this one (unless a version filter leaves it out), else the newest readable.
     */
    fromVersion: z.string().min(1).max(200).optional(),
    page: intParam(1, 1000, 1),
    pageSize: intParam(1, MAX_PAGE_SIZE, 10),
    /** `1` adds score and match explanations to each hit (the sandbox client uses it). */
    explain: z
      .enum(['0', '1'])
      .optional()
      .transform((v) => v === '1'),
  })
  .strict();
export type SearchRequest = z.output<typeof SearchRequestSchema>;

/** Why a hit matched: for the sandbox client and for tuning. */
export const MatchExplanationSchema = z.object({
  score: z.number(),
  /** Fields that matched (title, heading, breadcrumb, text) with the query terms found in each. */
  fields: z.record(z.string(), z.array(z.string())),
  /** Query terms and the index terms they matched (exact, stem, prefix, typo, synonym). */
  terms: z.array(z.object({ query: z.string(), matched: z.string(), how: z.string() })),
});
export type MatchExplanation = z.infer<typeof MatchExplanationSchema>;

/** A matching section of a page. `snippet` is HTML: escaped text with `<mark>` and nothing else. */
export const SectionHitSchema = z.object({
  heading: z.string(),
  anchor: z.string(),
  /** Page URL with `#anchor` and a `Highlight` parameter carrying the terms to mark. */
  url: z.string(),
  snippet: z.string(),
  score: z.number(),
  explain: MatchExplanationSchema.optional(),
});
export type SectionHit = z.infer<typeof SectionHitSchema>;

/** The same page in another version the reader may read ("also in 6.4"). */
export const OtherVersionSchema = z.object({
  version: z.string(),
  docSet: z.string(),
  /** Page URL in that version, with the `Highlight` parameter. */
  url: z.string(),
});
export type OtherVersion = z.infer<typeof OtherVersionSchema>;

/** One result: a page, with its best-matching sections beneath it. */
export const SearchHitSchema = z.object({
  /** URL of the best section (page URL, `Highlight` parameter, `#anchor`). */
  url: z.string(),
  title: z.string(),
  /** Heading of the best section ('' when it is the page's top). */
  section: z.string(),
  breadcrumb: z.array(z.string()),
  snippet: z.string(),
  product: z.string(),
  version: z.string(),
  docType: z.string(),
  docSet: z.string(),
  score: z.number(),
  sections: z.array(SectionHitSchema),
  explain: MatchExplanationSchema.optional(),
  /**
   * The same page (same path in its doc set) matched in other versions of the doc set's version
   * group the reader may read, newest first. Absent when there are none.
   */
  alsoIn: z.array(OtherVersionSchema).optional(),
  /** Explain mode: the workbench rules that pinned, boosted or buried this hit. */
  rules: z.array(z.object({ id: z.string(), effect: z.enum(['pin', 'boost', 'bury']) })).optional(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const FacetCountSchema = z.object({ value: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof FacetCountSchema>;

/** Answer of `GET {basePath}/search`. `total` counts pages the reader may open, nothing else. */
export const SearchResponseSchema = z.object({
  query: z.string(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  tookMs: z.number(),
  hits: z.array(SearchHitSchema),
  facets: z.object({
    product: z.array(FacetCountSchema),
    version: z.array(FacetCountSchema),
    docType: z.array(FacetCountSchema),
  }),
  /** "Did you mean": a corrected query when nothing or little matched, else null. */
  suggestion: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** Query string of `GET {basePath}/search/suggest` (search as you type). */
export const SuggestRequestSchema = z
  .object({
    q: z.string().max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`),
    limit: intParam(1, 20, 8),
    /** Only suggestions of this kind (`query`: completions, as the newer client shows). */
    kind: z.enum(['title', 'query']).optional(),
  })
  .strict();
export type SuggestRequest = z.output<typeof SuggestRequestSchema>;

/** A suggestion: a page title (with its URL) or a completion of the query being typed. */
export const SuggestionSchema = z.object({
  kind: z.enum(['title', 'query']),
  text: z.string(),
  url: z.string().optional(),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;

export const SuggestResponseSchema = z.object({
  query: z.string(),
  suggestions: z.array(SuggestionSchema),
});
export type SuggestResponse = z.infer<typeof SuggestResponseSchema>;
