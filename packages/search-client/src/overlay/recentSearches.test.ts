import { afterEach, describe, expect, it } from 'vitest';
import {
  clearRecentSearches,
  MAX_RECENT_SEARCHES,
  readRecentSearches,
  RECENT_SEARCHES_KEY,
  rememberSearch,
} from './recentSearches';

afterEach(() => localStorage.clear());

describe('recent searches', () => {
  it('keeps the newest first, once each, and only the last few', () => {
    for (let i = 0; i < MAX_RECENT_SEARCHES + 3; i += 1) rememberSearch(`query ${i}`);
    rememberSearch('  query 5 ');
    rememberSearch('   ');
    const recent = readRecentSearches();
    expect(recent).toHaveLength(MAX_RECENT_SEARCHES);
    expect(recent[0]).toBe('query 5');
    expect(recent.filter((item) => item === 'query 5')).toHaveLength(1);
  });

  it('ignores what another script left under its key, and clears', () => {
    localStorage.setItem(RECENT_SEARCHES_KEY, '{"not":"a list"}');
    expect(readRecentSearches()).toEqual([]);
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['ok', 3, null, '']));
    expect(readRecentSearches()).toEqual(['ok']);
    clearRecentSearches();
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
  });
});
