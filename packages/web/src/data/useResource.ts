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

/** Subscribes a component to a shared resource, starting the fetch when nobody has yet. */
export function useResource<T>(resource: SharedResource<T>): ResourceState<T> {
  const [state, setState] = useState<ResourceState<T>>(() => initialState(resource));
  useEffect(() => {
    if (resource.peek()) return;
    let live = true;
    resource.load().then(
      (value) => live && setState({ status: 'ready', value }),
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [resource]);
  return state;
}
