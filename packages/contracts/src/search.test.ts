import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LENGTH, SearchRequestSchema } from './search';

describe('SearchRequestSchema', () => {
  it('fills defaults and turns single filters into lists', () => {
    const r = SearchRequestSchema.parse({ q: 'restore', product: 'Helios' });
    expect(r).toEqual({
      q: 'restore',
      product: ['Helios'],
      version: [],
      docType: [],
      page: 1,
      pageSize: 10,
      explain: false,
    });
  });

  it('rejects an over-long query, a page size over 100, unknown fields and non-numbers', () => {
    expect(SearchRequestSchema.safeParse({ q: 'x'.repeat(MAX_QUERY_LENGTH + 1) }).success).toBe(
      false,
    );
    expect(SearchRequestSchema.safeParse({ q: 'a', pageSize: '101' }).success).toBe(false);
    expect(SearchRequestSchema.safeParse({ q: 'a', colour: 'red' }).success).toBe(false);
    expect(SearchRequestSchema.safeParse({ q: 'a', page: '2x' }).success).toBe(false);
    expect(SearchRequestSchema.safeParse({ q: 'a', page: '0' }).success).toBe(false);
  });

  it('takes the version of the page searched from, one short non-empty value', () => {
    expect(SearchRequestSchema.parse({ q: 'a', fromVersion: '6.4' }).fromVersion).toBe('6.4');
    expect(SearchRequestSchema.safeParse({ q: 'a', fromVersion: '' }).success).toBe(false);
    expect(SearchRequestSchema.safeParse({ q: 'a', fromVersion: 'x'.repeat(201) }).success).toBe(
      false,
    );
    expect(SearchRequestSchema.safeParse({ q: 'a', fromVersion: ['6.4', '6.5'] }).success).toBe(
      false,
    );
  });
});
