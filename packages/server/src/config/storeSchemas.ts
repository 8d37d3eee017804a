import { z } from 'zod';
import { postgresUrlSchema, redisUrlSchema } from './serviceUrls';

/** How long a shared store may take to answer a command before the request answers 503 (ms). */
const timeoutMsSchema = z.number().int().min(50).max(120_000);

/** Where sessions live: SQLite in the data folder, or Redis / PostgreSQL shared by replicas. */
export const SessionStoreSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('sqlite') }),
  z.strictObject({
    kind: z.literal('redis'),
    url: redisUrlSchema,
    /** Prepended to every key: portals sharing one Redis keep apart by their prefixes. */
    keyPrefix: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
    /** A command without an answer after this long fails (default 2000 ms). */
    timeoutMs: timeoutMsSchema.optional(),
  }),
  z.strictObject({
    kind: z.literal('postgres'),
    url: postgresUrlSchema,
    poolSize: z.number().int().min(1).max(100).default(10),
    /** A query without an answer after this long fails (default 2000 ms). */
    timeoutMs: timeoutMsSchema.optional(),
  }),
]);

/** Where search and click events are kept: SQLite in the data folder, or PostgreSQL. */
export const AnalyticsStoreSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('sqlite') }),
  z.strictObject({
    kind: z.literal('postgres'),
    url: postgresUrlSchema,
    poolSize: z.number().int().min(1).max(100).default(5),
    /** A query without an answer after this long fails. */
    timeoutMs: timeoutMsSchema.optional(),
  }),
]);
