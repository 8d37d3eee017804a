import type { GenerationEngine } from '../src/threads/QueryThreads';

/** This thread's engine, refusing to answer queries itself: every answer must come from a thread. */
export function writesOnly(engine: GenerationEngine): GenerationEngine {
  const refused = new Set<PropertyKey>(['search', 'suggest', 'warm']);
  return new Proxy(engine, {
    get(target, property) {
      if (refused.has(property)) {
        return () => Promise.reject(new Error('asked in the calling thread'));
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}
