import { HOSTILE_PORTAL_PATHS } from '@docs-portal/contracts/testing';
import { describe, expect, it } from 'vitest';
import { hit, searchResponse } from '../../test/fakeSearchApi';
import { errorMessageOf, parseSearchResponse } from './parseSearchResponse';

describe('parseSearchResponse', () => {
  it('accepts an answer of the contract’s shape, explanations included', () => {
    const answer = searchResponse('q', {
      hits: [hit(1, { explain: { score: 1, fields: { title: ['q'] }, terms: [] } })],
    });
    expect(parseSearchResponse(JSON.parse(JSON.stringify(answer)))).toEqual(answer);
  });

  it.each([
    ['a hit without a title', { hits: [{ ...hit(1), title: undefined }] }],
    ['a section that is not an object', { hits: [{ ...hit(1), sections: ['x'] }] }],
    ['a breadcrumb of numbers', { hits: [{ ...hit(1), breadcrumb: [1] }] }],
    ['a malformed explanation', { hits: [{ ...hit(1), explain: { score: 'high' } }] }],
    ['facets without docType', { facets: { product: [], version: [] } }],
    ['a suggestion that is a number', { suggestion: 3 }],
    ['a total that is not a number', { total: '2' }],
  ])('refuses %s', (_name, change) => {
    expect(parseSearchResponse({ ...searchResponse(), ...change })).toBeNull();
  });

  // Without a base path every same-origin path is fine; every other trick of the table is not.
  const hostileLinks = HOSTILE_PORTAL_PATHS.filter(
    ({ trick }) => trick !== 'outside the base path',
  );

  it.each(hostileLinks)('refuses a hit linking to $trick: $value', ({ value }) => {
    expect(
      parseSearchResponse({ ...searchResponse(), hits: [{ ...hit(1), url: value }] }),
    ).toBeNull();
  });

  it.each(hostileLinks)('refuses a section linking to $trick: $value', ({ value }) => {
    const withSection = hit(1);
    const sections = withSection.sections.map((section) => ({ ...section, url: value }));
    expect(sections.length).toBeGreaterThan(0);
    expect(
      parseSearchResponse({ ...searchResponse(), hits: [{ ...withSection, sections }] }),
    ).toBeNull();
  });

  it.each(hostileLinks)('refuses an "also in" version linking to $trick: $value', ({ value }) => {
    const alsoIn = [{ version: '6.4', docSet: 'g', url: value }];
    expect(parseSearchResponse({ ...searchResponse(), hits: [{ ...hit(1), alsoIn }] })).toBeNull();
  });

  it('accepts "also in" versions with portal paths, and none at all', () => {
    const alsoIn = [{ version: '6.4', docSet: 'g', url: '/docs/6_4/page1.htm?Highlight=q' }];
    const answer = searchResponse('q', { hits: [hit(1, { alsoIn }), hit(2)] });
    expect(parseSearchResponse(JSON.parse(JSON.stringify(answer)))).toEqual(answer);
    const odd = { ...searchResponse(), hits: [{ ...hit(1), alsoIn: [{ version: 6.4 }] }] };
    expect(parseSearchResponse(odd)).toBeNull();
  });

  it('reads the message of an API error', () => {
    expect(errorMessageOf({ code: 'bad_request', message: 'q: too long' })).toBe('q: too long');
    expect(errorMessageOf('nope')).toBeNull();
  });
});
