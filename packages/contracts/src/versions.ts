import { z } from 'zod';

/** Query string of `GET {basePath}/page-versions`: the doc page (path on this origin) asked about. */
export const PageVersionsRequestSchema = z.object({ path: z.string().min(1).max(2048) }).strict();
export type PageVersionsRequest = z.output<typeof PageVersionsRequestSchema>;

/**
 * Where a version of the page lands: the same page (`page`), the page with the same title
 * (`title`), or that version's home page (`home`).
 */
export const VersionMatchSchema = z.enum(['page', 'title', 'home']);
export type VersionMatch = z.infer<typeof VersionMatchSchema>;

/** One version of a doc page the reader may read, its target resolved by the server. */
export const PageVersionSchema = z.object({
  version: z.string(),
  docSet: z.string(),
  /** Doc set title. */
  title: z.string(),
  /** Path on this origin to open (no fragment: the page keeps its own `#anchor` on `page`/`title`). */
  url: z.string(),
  match: VersionMatchSchema,
  /** The version the asked page belongs to. */
  current: z.boolean(),
});
export type PageVersion = z.infer<typeof PageVersionSchema>;

/**
 * Answer of `GET {basePath}/page-versions`: every version of the page's version group the reader
 * may read, newest first (the asked one included, marked `current`). `newest` is the newest of
 * them when the asked page is of an older version, else null (no outdated banner).
 */
export const PageVersionsResponseSchema = z.object({
  versions: z.array(PageVersionSchema),
  newest: PageVersionSchema.nullable(),
});
export type PageVersionsResponse = z.infer<typeof PageVersionsResponseSchema>;
