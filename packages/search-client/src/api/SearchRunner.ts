import type { SearchResponse } from '@docs-portal/contracts';
import type { SearchApi, SearchQuery } from './searchApi';

/** Where a client's search stands. */
export type SearchPhase = 'idle' | 'loading' | 'ready' | 'error';

/** What a client shows: the phase, the query and the latest answer. */
export interface SearchState {
  /** idle: nothing to search; loading: a request is out; ready: `response` answers `query`. */
  phase: SearchPhase;
  /** The query being loaded or answered (null when idle). */
  query: SearchQuery | null;
  /** The latest answer; kept while the next one loads, so results do not flash away. */
  response: SearchResponse | null;
  /** Browser round trip of `response`, in milliseconds. */
  roundTripMs: number | null;
  /** Why the last search failed (phase `error`). */
  error: { status: number; message: string } | null;
}

/** The state before any search. */
export const IDLE_STATE: SearchState = {
  phase: 'idle',
  query: null,
  response: null,
  roundTripMs: null,
  error: null,
};

/** Whether two queries ask the API for the same thing. */
export function sameQuery(a: SearchQuery | null, b: SearchQuery | null): boolean {
  if (a === null || b === null) return a === b;
  const key = (q: SearchQuery) =>
    JSON.stringify([
      q.q,
      q.page,
      q.pageSize,
      q.explain === true,
      Object.keys(q.filters)
        .sort()
        .map((name) => [name, [...(q.filters[name] ?? [])].sort()]),
    ]);
  return key(a) === key(b);
}

/** Options of a {@link SearchRunner}. */
export interface RunnerOptions {
  /** Least time between two searches started while typing, in ms (default 120). */
  debounceMs?: number;
}

/**
 * Runs a client's searches so that only the latest one counts. While the reader types, searches
 * start at most once per `debounceMs`: the first keystroke after a pause searches at once, and
 * keystrokes that come sooner are gathered into one search of the latest text when the interval
 * is over (a debounce with a leading edge whose wait never exceeds the interval, so results keep
 * up with fast typing). Starting a search aborts the one in flight, and a sequence number drops
 * any answer that is not the latest, so results never show out of order even when a server
 * ignores aborts.
 */
export class SearchRunner {
  private current: SearchState = IDLE_STATE;
  private sequence = 0;
  private controller: AbortController | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: SearchQuery | null = null;
  private lastRunAt = Number.NEGATIVE_INFINITY;
  private readonly debounceMs: number;

  constructor(
    private readonly api: SearchApi,
    private readonly onChange: (state: SearchState) => void,
    options: RunnerOptions = {},
  ) {
    this.debounceMs = options.debounceMs ?? 120;
  }

  /** The state last reported. */
  get state(): SearchState {
    return this.current;
  }

  /**
   * Searches `query` as the reader types: at once when the last search started `debounceMs` ago
   * or more, else when that interval is over (a later call replaces the query waiting).
   */
  schedule(query: SearchQuery): void {
    const shown = this.current;
    if ((shown.phase === 'loading' || shown.phase === 'ready') && sameQuery(shown.query, query)) {
      // Typing a space, or back to the text already searched: nothing new to ask.
      this.cancelTimer();
      return;
    }
    this.pending = query;
    if (this.timer !== undefined) return;
    const wait = this.lastRunAt + this.debounceMs - Date.now();
    if (wait <= 0) {
      this.runPending();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.runPending();
    }, wait);
  }

  private runPending(): void {
    const query = this.pending;
    this.pending = null;
    if (query) this.run(query);
  }

  /** Searches `query` now, replacing anything scheduled or in flight. */
  run(query: SearchQuery): void {
    this.cancel();
    this.lastRunAt = Date.now();
    const sequence = this.sequence;
    const controller = new AbortController();
    this.controller = controller;
    this.update({ ...this.current, phase: 'loading', query, error: null });
    this.api.search(query, controller.signal).then(
      (outcome) => {
        if (sequence !== this.sequence) return;
        this.controller = null;
        if (outcome.ok) {
          this.update({
            phase: 'ready',
            query,
            response: outcome.response,
            roundTripMs: outcome.roundTripMs,
            error: null,
          });
        } else {
          // The results shown answer another search: the next one must not show them again.
          this.update({
            phase: 'error',
            query,
            response: null,
            roundTripMs: null,
            error: { status: outcome.status, message: outcome.message },
          });
        }
      },
      () => {
        // Only aborts reject, and an aborted search has always been replaced already.
      },
    );
  }

  /** Drops everything scheduled or in flight and goes back to idle. */
  clear(): void {
    this.cancel();
    this.update(IDLE_STATE);
  }

  /** Drops everything scheduled or in flight, keeping the state (unmount). */
  cancel(): void {
    this.cancelTimer();
    this.sequence += 1;
    this.controller?.abort();
    this.controller = null;
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = null;
  }

  private update(state: SearchState): void {
    this.current = state;
    this.onChange(state);
  }
}
