import { describe, expect, it } from 'vitest';
import { readSearch } from './readSearch';

describe('readSearch', () => {
  it('takes the search string from the route parameter before the query', () => {
    expect(readSearch('restore vm', '?searchString=other&product=Helios')).toEqual({
      searchString: 'restore vm',
      filters: { product: ['Helios'] },
    });
    expect(readSearch(undefined, '?searchString=other')).toEqual({
      searchString: 'other',
      filters: {},
    });
    expect(readSearch(undefined, '')).toEqual({ searchString: '', filters: {} });
  });

  it('reads every other query parameter as a filter, repeated ones in order, empty ones skipped', () => {
    expect(readSearch('x', '?product=Helios&version=&product=DP&version=6.5')).toEqual({
      searchString: 'x',
      filters: { product: ['Helios', 'DP'], version: ['6.5'] },
    });
  });

  it('reads names an object inherits (constructor, toString) as ordinary filters', () => {
    expect(readSearch('x', '?constructor=a&toString=b').filters).toEqual({
      constructor: ['a'],
      toString: ['b'],
    });
  });

  it.each([
    '?product=Helios&1bad=x',
    '?product=Helios&__proto__=x',
    `?product=${'x'.repeat(201)}`,
    `?${Array.from({ length: 21 }, (_, i) => `product=${i}`).join('&')}`,
  ])('drops every filter when one breaks the rules: %s', (query) => {
    expect(readSearch('x', query)).toEqual({ searchString: 'x', filters: {} });
  });
});
