/** Key of the reader's recent searches in the browser's local storage. */
export const RECENT_SEARCHES_KEY = 'docs-portal:recent-searches';
/** Most recent searches kept. */
export const MAX_RECENT_SEARCHES = 6;
/** Longest search kept (longer ones are not worth offering again). */
const MAX_RECENT_LENGTH = 200;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage refused (privacy settings, sandboxed frame): the overlay works without it.
    return null;
  }
}

/** The reader's recent searches, newest first; empty when none or when storage is unusable. */
export function readRecentSearches(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(RECENT_SEARCHES_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((item): item is string => typeof item === 'string')
      .filter((item) => item.trim() !== '' && item.length <= MAX_RECENT_LENGTH)
      .slice(0, MAX_RECENT_SEARCHES);
  } catch {
    return [];
  }
}

/** Puts `searchString` first in the recent searches (once), keeping {@link MAX_RECENT_SEARCHES}. */
export function rememberSearch(searchString: string): void {
  const text = searchString.trim();
  if (text === '' || text.length > MAX_RECENT_LENGTH) return;
  const next = [text, ...readRecentSearches().filter((item) => item !== text)];
  try {
    storage()?.setItem(RECENT_SEARCHES_KEY, JSON.stringify(next.slice(0, MAX_RECENT_SEARCHES)));
  } catch {
    // Quota or privacy mode: nothing to keep.
  }
}

/** Forgets every recent search. */
export function clearRecentSearches(): void {
  try {
    storage()?.removeItem(RECENT_SEARCHES_KEY);
  } catch {
    // Nothing stored that could be cleared.
  }
}
