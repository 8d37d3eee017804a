import type { LinkReport } from './linkIntegrity';

/** Why a doc-set operation (publish, rollback, list) was refused or failed. */
export type DocSetErrorCode =
  | 'unknown_doc_set'
  | 'source_missing'
  | 'bad_source'
  | 'too_large'
  | 'busy'
  | 'lock_unavailable'
  | 'lock_lost'
  | 'no_previous_release'
  | 'prepare_failed'
  | 'broken_links'
  | 'aborted';

/**
 * An error of the doc-set store, meant for the person running the publish: the message says what
 * was wrong and what to do; `code` is stable for programs (the CLI maps it to an exit code).
 */
export class DocSetError extends Error {
  constructor(
    /** Stable reason code. */
    readonly code: DocSetErrorCode,
    message: string,
    /** What the person running the publish needs to fix it (the link report of a refused publish). */
    readonly details?: { report?: LinkReport },
  ) {
    super(message);
    this.name = 'DocSetError';
  }
}

/** The error for a doc set id that config does not define, listing the ids it does. */
export function unknownDocSet(id: string, known: readonly string[]): DocSetError {
  const list = known.length > 0 ? known.join(', ') : '(none configured)';
  return new DocSetError('unknown_doc_set', `Unknown doc set "${id}". Known doc sets: ${list}.`);
}
