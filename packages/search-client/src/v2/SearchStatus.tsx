import type { SearchState } from '../api/SearchRunner';

/** Props of {@link SearchStatus}. */
export interface SearchStatusProps {
  /** Where the search stands. */
  state: SearchState;
  /** Filters are applied (the zero-result state offers to remove them). */
  filtered: boolean;
  /** The reader picked the "did you mean" suggestion. */
  onSuggestion(text: string): void;
  /** The reader asked to run the failed search again. */
  onRetry(): void;
  /** The reader asked to remove every filter. */
  onClearFilters(): void;
}

function announcement(state: SearchState): string {
  const q = state.query?.q ?? '';
  switch (state.phase) {
    case 'idle':
      return '';
    case 'loading':
      return 'Searching…';
    case 'error':
      return state.error?.message ?? 'The search failed.';
    case 'ready': {
      const total = state.response?.total ?? 0;
      if (total === 0) return `No results for “${q}”`;
      return `${total} ${total === 1 ? 'result' : 'results'} for “${q}”`;
    }
  }
}

/**
 * True when running the same search again may work: the service could not be reached, was busy
 * or failed. Not for a refused search (4xx): it would be refused again.
 */
function canRetry(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * What the search is doing, in a live region: the empty state before typing, searching, result
 * count, no results (with hints), an error (with a retry), and "did you mean".
 */
export function SearchStatus({
  state,
  filtered,
  onSuggestion,
  onRetry,
  onClearFilters,
}: SearchStatusProps) {
  const suggestion = state.phase === 'ready' ? state.response?.suggestion : null;
  const zero = state.phase === 'ready' && state.response?.total === 0;
  return (
    <>
      <p
        role="status"
        className={state.phase === 'error' ? 'sc-status sc-status-error' : 'sc-status'}
      >
        {announcement(state)}
      </p>
      {state.phase === 'idle' && (
        <div className="sc-intro">
          <p>Search every guide, release note and reference you can read.</p>
          <p>Results appear as you type; pick one to open the page at the matching section.</p>
        </div>
      )}
      {suggestion && suggestion !== state.query?.q && (
        <p className="sc-suggestion">
          Did you mean{' '}
          <button type="button" className="sc-link" onClick={() => onSuggestion(suggestion)}>
            {suggestion}
          </button>
          ?
        </p>
      )}
      {zero && (
        <ul className="sc-hints">
          <li>Check the spelling, or try fewer or more general words.</li>
          {filtered && (
            <li>
              <button type="button" className="sc-link" onClick={onClearFilters}>
                Search without filters
              </button>
            </li>
          )}
        </ul>
      )}
      {state.phase === 'error' && canRetry(state.error?.status ?? 0) && (
        <button type="button" className="sc-retry" onClick={onRetry}>
          Try again
        </button>
      )}
    </>
  );
}
