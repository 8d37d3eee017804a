import { useCallback, useEffect, useState } from 'react';
import type { ResourceState } from '../data/useResource';

/** Data a page loads once per visit, with a retry for when that failed. */
export type VisitData<T> = ResourceState<T> & {
  /** Loads again (a reader's "Retry"); resolves when the new attempt settled. */
  retry(): Promise<void>;
};

/**
 * Loads `load()` when the page opens and again on `retry()`. A failure is logged with `what`
 * and shown as the error state, never thrown.
 */
export function useVisitData<T>(load: () => Promise<T>, what: string): VisitData<T> {
  const [state, setState] = useState<ResourceState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<(() => void) | null>(null);
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
  useEffect(() => {
    if (state.status !== 'loading' && settled) {
      settled();
      setSettled(null);
    }
  }, [state, settled]);
  const retry = useCallback(
    () =>
      new Promise<void>((resolve) => {
        setSettled(() => resolve);
        setState({ status: 'loading' });
        setAttempt((n) => n + 1);
      }),
    [],
  );
  return { ...state, retry };
}
