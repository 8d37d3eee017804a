import { useEffect, useState } from 'react';
import type { SharedResource } from './sharedResource';

/** What a component sees of a resource it waits for. */
export type ResourceState<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'error'; error: unknown };

function initialState<T>(resource: SharedResource<T>): ResourceState<T> {
  const cached = resource.peek();
  return cached ? { status: 'ready', value: cached.value } : { status: 'loading' };
}

/**
 * Subscribes a component to a shared resource, starting the fetch when nobody has yet, and
 * following every later reload (a retry anywhere shows in every consumer).
 */
export function useResource<T>(resource: SharedResource<T>): ResourceState<T> {
  const [state, setState] = useState<ResourceState<T>>(() => initialState(resource));
  useEffect(() => {
    let live = true;
    const follow = () => {
      const cached = resource.peek();
      if (cached) {
        setState({ status: 'ready', value: cached.value });
        return;
      }
      setState({ status: 'loading' });
      resource.load().then(
        (value) => live && setState({ status: 'ready', value }),
        (error: unknown) => live && setState({ status: 'error', error }),
      );
    };
    const unsubscribe = resource.subscribe(follow);
    follow();
    return () => {
      live = false;
      unsubscribe();
    };
  }, [resource]);
  return state;
}
