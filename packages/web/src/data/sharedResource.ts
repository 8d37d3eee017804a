/** A value fetched once and shared by every consumer (a replay buffer of one). */
export interface SharedResource<T> {
  /**
   * The shared value: the first call starts the fetch, later calls share it. After a failure the
   * cache is cleared, so the failing call's consumers get the error and the next call retries.
   */
  load(): Promise<T>;
  /** The value when it has already arrived (lets a consumer render it without a loading state). */
  peek(): { value: T } | undefined;
  /**
   * Forgets the cached value and fetches again (a reader's "Retry"). Subscribers are told first,
   * so every consumer shows the new attempt and shares its outcome.
   */
  reload(): Promise<T>;
  /** Calls `listener` whenever {@link SharedResource.reload} starts; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** Wraps `loader` in a {@link SharedResource}. */
export function createSharedResource<T>(loader: () => Promise<T>): SharedResource<T> {
  let pending: Promise<T> | undefined;
  let settled: { value: T } | undefined;
  const listeners = new Set<() => void>();
  const load = () => {
    pending ??= loader().then(
      (value) => {
        settled = { value };
        return value;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return {
    load,
    peek: () => settled,
    reload() {
      pending = undefined;
      settled = undefined;
      const next = load();
      for (const listener of listeners) listener();
      return next;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
