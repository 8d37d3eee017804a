import { useEffect, useState } from 'react';
import { fetchCompletions, type SuggestOptions } from '../api/suggestApi';

/**
 * Completions of `text` from the suggest API while `enabled` (the reader is typing a search, not
 * paging through a full list). Asked `debounceMs` after the last change, the request in flight
 * aborted by the next; the completions shown stay until the next ones arrive, so they do not
 * flash away at every keystroke, and go at once when the text is cleared.
 */
export function useCompletions(
  options: SuggestOptions,
  text: string,
  enabled: boolean,
  debounceMs: number,
): string[] {
  const [completions, setCompletions] = useState<string[]>([]);
  const { searchUrl, fetch } = options;
  const q = text.trim();
  useEffect(() => {
    if (!enabled || q === '') {
      setCompletions([]);
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchCompletions({ searchUrl, fetch }, q, controller.signal).then(
        setCompletions,
        () => undefined,
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [searchUrl, fetch, q, enabled, debounceMs]);
  return enabled && q !== '' ? completions : [];
}
