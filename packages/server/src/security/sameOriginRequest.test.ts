import { describe, expect, it } from 'vitest';
import { isSameOriginRequest } from './sameOriginRequest';

const ORIGIN = 'https://docs.acme-data.example';

describe('isSameOriginRequest', () => {
  it('trusts Sec-Fetch-Site: same-origin only', () => {
    expect(isSameOriginRequest({ 'sec-fetch-site': 'same-origin' }, ORIGIN)).toBe(true);
    for (const site of ['cross-site', 'same-site', 'none', 'SAME-ORIGIN'])
      expect(isSameOriginRequest({ 'sec-fetch-site': site }, ORIGIN)).toBe(false);
  });

  it('lets Sec-Fetch-Site outweigh a same-origin Referer', () => {
    const headers = { 'sec-fetch-site': 'cross-site', referer: `${ORIGIN}/docs/ui/` };
    expect(isSameOriginRequest(headers, ORIGIN)).toBe(false);
  });

  it('falls back to Origin, then to the origin of Referer', () => {
    expect(isSameOriginRequest({ origin: ORIGIN }, ORIGIN)).toBe(true);
    expect(isSameOriginRequest({ origin: 'null' }, ORIGIN)).toBe(false);
    expect(isSameOriginRequest({ origin: 'https://evil.example' }, ORIGIN)).toBe(false);
    expect(isSameOriginRequest({ referer: `${ORIGIN}/docs/ui/search` }, ORIGIN)).toBe(true);
    expect(isSameOriginRequest({ referer: `http://docs.acme-data.example/docs/` }, ORIGIN)).toBe(
      false,
    );
    expect(
      isSameOriginRequest({ referer: `https://evil.example/?next=${ORIGIN}/docs/` }, ORIGIN),
    ).toBe(false);
    expect(isSameOriginRequest({ referer: 'not a url' }, ORIGIN)).toBe(false);
  });

  it('is not same-origin when the request shows where it came from in no way', () => {
    expect(isSameOriginRequest({}, ORIGIN)).toBe(false);
  });
});
