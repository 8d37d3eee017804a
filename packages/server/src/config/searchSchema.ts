import { SEARCH_ENGINE_IDS } from '@docs-portal/search';
import { z } from 'zod';
import { postgresUrlSchema } from './serviceUrls';

const weight = z.number().min(0).max(100);
const share = z.number().min(0).max(1);
const count = (max: number) => z.number().int().min(0).max(max);

/**
 * Overrides of the search engine's ranking knobs (`RankingOptions` of @docs-portal/search, whose
 * doc comments say what each does); a knob left out keeps the engine's tuned default.
 */
export const RankingSchema = z.strictObject({
  k1: z.number().min(0).max(10).optional(),
  fieldWeights: z.tuple([weight, weight, weight, weight]).optional(),
  fieldLengthNorm: z.tuple([share, share, share, share]).optional(),
  stemWeight: weight.optional(),
  otherFormsShare: share.optional(),
  synonymWeight: weight.optional(),
  prefixWeight: weight.optional(),
  typoWeight: weight.optional(),
  typo2Weight: weight.optional(),
  partsWeight: weight.optional(),
  scatteredPartsWeight: weight.optional(),
  maxCompletions: count(10_000).optional(),
  maxTypoVariants: count(100).optional(),
  otherSectionsShare: share.optional(),
  otherSectionsCount: count(100).optional(),
  pageCoverageShare: share.optional(),
  coverageExponent: z.number().min(0).max(10).optional(),
  proximityWeight: weight.optional(),
  exactFieldBonus: weight.optional(),
  partialTitleWeight: weight.optional(),
  pageScoreShare: share.optional(),
  minimumCoverage: share.optional(),
  sectionLabelWeight: weight.optional(),
});

/** The `search` section: engine, synonyms, ranking, and the PostgreSQL engine's connection. */
export const SearchSchema = z.strictObject({
  engine: z.enum(SEARCH_ENGINE_IDS).default('sqlite'),
  /** Groups of equivalent terms, e.g. [["k8s", "kubernetes"]]. */
  synonyms: z.array(z.array(z.string().min(1)).min(2)).default([]),
  ranking: RankingSchema.prefault({}),
  /**
   * Ceilings of the engine's caches in MiB, whatever the corpus size (`SearchMemoryLimits` of
   * @docs-portal/search); one left out keeps the engine's default.
   */
  memory: z
    .strictObject({
      /** Decoded posting lists kept between searches. */
      postingCacheMegabytes: z.number().min(0).max(16_384).optional(),
      /** SQLite's page cache of the query connection (the `sqlite` engine only). */
      sqliteCacheMegabytes: z.number().min(0).max(16_384).optional(),
      /** Decoded token sequences of the sections searches re-rank most often. */
      sectionTokenCacheMegabytes: z.number().min(0).max(16_384).optional(),
      /** Section and page rows of hits (the `sqlite` engine only). */
      sqliteRowCacheMegabytes: z.number().min(0).max(16_384).optional(),
      /** Section and page rows of hits (the `postgres` engine only). */
      postgresRowCacheMegabytes: z.number().min(0).max(16_384).optional(),
      /** Encoded section token sequences (the `postgres` engine only). */
      postgresTokenCacheMegabytes: z.number().min(0).max(16_384).optional(),
    })
    .prefault({}),
  /**
   * The engine's cache of answers, keyed by request, the reader's exact access, the rules in force
   * and the index generation (any index change makes earlier answers unreachable).
   */
  resultCache: z
    .strictObject({
      /** Most answers kept; 0 turns the cache off. */
      entries: z.number().int().min(0).max(1_000_000).default(2000),
      /** Most memory the answers may take, in MiB (counted as the length of their JSON). */
      megabytes: z.number().min(0).max(16_384).default(32),
    })
    .prefault({}),
  /**
   * Worker threads that answer searches and suggestions, each with its own connection, snapshot
   * and caches (so memory and, for `postgres`, connections grow with them); 0 answers them in the
   * thread that serves HTTP. Index writes stay in that thread.
   */
  queryThreads: z.number().int().min(0).max(16).default(1),
  /** Connection of the `postgres` engine (cluster mode); required when it is the engine. */
  postgres: z
    .strictObject({
      url: postgresUrlSchema,
      poolSize: z.number().int().min(1).max(100).default(10),
      /** A query without an answer after this long fails and the search answers 503 (ms). */
      timeoutMs: z.number().int().min(100).max(120_000).default(10_000),
    })
    .optional(),
});
