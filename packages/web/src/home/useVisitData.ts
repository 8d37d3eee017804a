import { useCallback, useEffect, useState } from 'react';
import type { ResourceState } from '../data/useResource';

/** Data a page loads once per visit, with a retry for when that failed. */
export type VisitData<T> = ResourceState<T> & {
  /** Loads again (a reader's "Retry"): the state goes back to loading at once. */
  retry(): Promise<void>;
};

/**
 * Loads `load()` when the page opens and again on `retry()`. A failure is logged with `what`
 * and shown as the error state, never thrown.
 */
export function useVisitData<T>(load: () => Promise<T>, what: string): VisitData<T> {
  const [state, setState] = useState<ResourceState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setState({ status: 'ready', value }),
      (error: unknown) => {
        console.error(`Could not load ${what}.`, error);
        if (live) setState({ status: 'error', error });
      },
    );
    return () => {
      live = false;
    };
  }, [load, what, attempt]);
  const retry = useCallback(async () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}
