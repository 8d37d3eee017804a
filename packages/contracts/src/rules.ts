import { z } from 'zod';

/** Most rules one rule set may hold. */
export const MAX_RULES = 1000;
/** Longest query or pattern of a rule, in characters. */
export const MAX_RULE_PATTERN_LENGTH = 200;
/** Lowest rank a page can be pinned at. */
export const MAX_PIN_RANK = 10;
/** Most logged queries a draft is replayed against. */
export const MAX_REPLAY_QUERIES = 10_000;

const ruleId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, "-" or "_"');
const docSetId = z.string().min(1).max(200);
/** A page path inside a doc set: leading slash, no scheme, no `..`, no query or fragment. */
const pagePath = z
  .string()
  .max(1000)
  .regex(/^\/[^?#\\]*$/, 'must be a page path starting with "/"')
  .refine((p) => !p.split('/').includes('..'), 'must not contain ".."');
/** Plain words: no markup characters. */
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !/[<>]/.test(s), 'must not contain "<" or ">"');

/** Pins a page (or one of its sections) at a rank for one query (matched after normalising). */
export const PinRuleSchema = z
  .object({
    id: ruleId,
    kind: z.literal('pin'),
    query: plainText(MAX_RULE_PATTERN_LENGTH),
    docSet: docSetId,
    path: pagePath,
    anchor: z
      .string()
      .max(200)
      .regex(/^[^\s<>"']*$/, 'must be an anchor without spaces or markup')
      .optional(),
    rank: z.number().int().min(1).max(MAX_PIN_RANK),
  })
  .strict();

/**
 * Multiplies the score of a doc set (or one page of it) for queries matching `pattern`: a glob
 * over the normalised query where `*` is any run of characters and `?` one character. A factor
 * above 1 boosts, below 1 buries.
 */
export const BoostRuleSchema = z
  .object({
    id: ruleId,
    kind: z.literal('boost'),
    pattern: plainText(MAX_RULE_PATTERN_LENGTH),
    docSet: docSetId,
    path: pagePath.optional(),
    factor: z.number().min(0.01).max(100),
  })
  .strict();

/** Words that mean the same, added to the configured synonyms. */
export const SynonymRuleSchema = z
  .object({
    id: ruleId,
    kind: z.literal('synonym'),
    words: z.array(plainText(100)).min(2).max(20),
  })
  .strict();

export const SearchRuleSchema = z.discriminatedUnion('kind', [
  PinRuleSchema,
  BoostRuleSchema,
  SynonymRuleSchema,
]);
export type PinRule = z.infer<typeof PinRuleSchema>;
export type BoostRule = z.infer<typeof BoostRuleSchema>;
export type SynonymRule = z.infer<typeof SynonymRuleSchema>;
export type SearchRule = z.infer<typeof SearchRuleSchema>;

/** A set of rules as edited in the workbench (ids unique). */
export const RuleSetSchema = z
  .object({
    rules: z
      .array(SearchRuleSchema)
      .max(MAX_RULES)
      .refine(
        (rules) => new Set(rules.map((r) => r.id)).size === rules.length,
        'rule ids must be unique',
      ),
  })
  .strict();
export type RuleSet = z.infer<typeof RuleSetSchema>;

/** Body of the replay request: a draft and how many logged queries to replay it against. */
export const ReplayRequestSchema = RuleSetSchema.extend({
  queries: z.number().int().min(1).max(MAX_REPLAY_QUERIES).default(1000),
}).strict();
export type ReplayRequest = z.infer<typeof ReplayRequestSchema>;

/** How a rule changed a hit (explain mode only). */
export const RuleEffectSchema = z.object({
  /** Rule id. */
  id: z.string(),
  /** What it did: pinned the hit, boosted or buried it. */
  effect: z.enum(['pin', 'boost', 'bury']),
});
export type RuleEffect = z.infer<typeof RuleEffectSchema>;

/** A published version of the rules. */
export interface RuleVersion {
  /** Version number, from 1; 0 means no rules were ever published. */
  version: number;
  /** When it was published (ISO). */
  publishedAt: string;
  /** Who published it (their display name). */
  publishedBy: string;
  /** The rules. */
  rules: SearchRule[];
}

/** One hit of a replayed query's top results. */
export interface ReplayHit {
  /** Hit URL. */
  url: string;
  /** Page title. */
  title: string;
  /** Whether readers opened this page from the query. */
  clicked: boolean;
}

/** A logged query whose results the draft changes. */
export interface ReplayChange {
  /** The normalised query. */
  query: string;
  /** The reader kinds it was logged for, comma separated (kinds with the same access share a row). */
  kind: string;
  /** Top results before and after. */
  before: ReplayHit[];
  after: ReplayHit[];
  /** Clicked results that moved up, and down (or out), with the draft. */
  clickedUp: number;
  clickedDown: number;
}

/** Answer of a replay. */
export interface ReplayReport {
  /** Logged queries replayed. */
  replayed: number;
  /** Of those, queries whose top results change. */
  changed: number;
  /** Clicked results moved up / down over all changed queries. */
  clickedUp: number;
  clickedDown: number;
  /** Milliseconds the replay took. */
  tookMs: number;
  /** The changed queries (at most 200, most clicked changes first). */
  changes: ReplayChange[];
}

const VersionSummarySchema = z.object({
  version: z.number(),
  publishedAt: z.string(),
  publishedBy: z.string(),
  rules: z.number(),
  restoredFrom: z.number().nullable(),
});

/** What `GET /relevance/rules` answers. */
export const RulesAnswerSchema = z.object({
  version: z.number(),
  publishedAt: z.string(),
  publishedBy: z.string(),
  rules: z.array(SearchRuleSchema),
  history: z.array(VersionSummarySchema),
});
export type RulesAnswer = z.infer<typeof RulesAnswerSchema>;

const ReplayHitSchema = z.object({ url: z.string(), title: z.string(), clicked: z.boolean() });
/** Answer of `POST /relevance/replay`. */
export const ReplayReportSchema = z.object({
  replayed: z.number(),
  changed: z.number(),
  clickedUp: z.number(),
  clickedDown: z.number(),
  tookMs: z.number(),
  changes: z.array(
    z.object({
      query: z.string(),
      kind: z.string(),
      before: z.array(ReplayHitSchema),
      after: z.array(ReplayHitSchema),
      clickedUp: z.number(),
      clickedDown: z.number(),
    }),
  ),
});
