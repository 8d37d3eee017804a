import type {
  SearchRequest,
  SearchResponse,
  SuggestRequest,
  SuggestResponse,
} from '@docs-portal/contracts';
import { SearchUnavailableError } from '../core/IndexStore';
import type { CompiledRules } from '../rules/compileRules';
import type { ReaderAccess } from '../SearchEngine';

/** What a query thread is asked: one message per call, answered in any order by `id`. */
export type QueryJob =
  | {
      kind: 'search';
      id: number;
      request: SearchRequest;
      access: ReaderAccess;
      /** Number of the rule set in force (0: none); see `rules`. */
      rulesId: number;
      /** The rule set, sent when the thread was last given another one (it keeps the last). */
      rules?: CompiledRules;
    }
  | { kind: 'suggest'; id: number; request: SuggestRequest; access: ReaderAccess }
  | { kind: 'warm'; id: number }
  | { kind: 'close'; id: number };

/** An error as it crosses threads: what the caller needs to answer and to log it. */
export interface ThreadError {
  name: string;
  message: string;
  /** HTTP status the error carries (503 for an unreachable index). */
  statusCode?: number;
  /** The driver's message behind it, for logs only. */
  cause?: string;
}

/** A query thread's answer to one job. */
export type QueryAnswer =
  | { id: number; ok: true; value: SearchResponse | SuggestResponse | undefined }
  | { id: number; ok: false; error: ThreadError };

/** First message of a query thread: its engine is open (or could not be opened). */
export type QueryThreadStart = { kind: 'ready' } | { kind: 'failed'; error: ThreadError };

/** An error as it is posted to the calling thread: the driver's message only as `cause`. */
export function toThreadError(error: unknown): ThreadError {
  const { name, message, statusCode, cause } = (error ?? {}) as {
    name?: unknown;
    message?: unknown;
    statusCode?: unknown;
    cause?: unknown;
  };
  return {
    name: typeof name === 'string' ? name : 'Error',
    message: typeof message === 'string' ? message : String(error),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(cause instanceof Error ? { cause: cause.message } : {}),
  };
}

/**
 * A query thread's error, rebuilt in the calling thread as callers and logs read it: an index
 * out of reach is a `SearchUnavailableError` again (a 503 with the product's wording); others keep
 * their name, message and status.
 */
export function fromThreadError(error: ThreadError): Error {
  if (error.name === 'SearchUnavailableError') {
    return new SearchUnavailableError(new Error(error.cause ?? error.message));
  }
  const copy = new Error(error.message, error.cause === undefined ? {} : { cause: error.cause });
  copy.name = error.name;
  if (error.statusCode !== undefined) Object.assign(copy, { statusCode: error.statusCode });
  return copy;
}
