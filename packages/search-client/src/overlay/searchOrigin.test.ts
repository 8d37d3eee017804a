import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteSearchOrigin, searchOriginOf, searchRouteOf } from './searchOrigin';

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

function at(path: string) {
  window.history.replaceState(null, '', path);
}

describe('searchOriginOf', () => {
  it('reads the note the overlay left for this very page only', () => {
    noteSearchOrigin('recover vm', '/docs/guide/a.htm?Highlight=vm#s1');
    at('/docs/guide/a.htm?Highlight=vm');
    expect(searchOriginOf(window, '/docs')).toBe('recover vm');
    at('/docs/guide/b.htm');
    expect(searchOriginOf(window, '/docs')).toBeNull();
  });

  it('recognises the portal search route as the referrer, on this origin only', () => {
    at('/docs/guide/b.htm');
    const referrer = vi.spyOn(document, 'referrer', 'get');
    referrer.mockReturnValue(`${location.origin}/docs/ui/search/backup%20jobs?product=Helios`);
    expect(searchOriginOf(window, '/docs')).toBe('backup jobs');
    referrer.mockReturnValue(`${location.origin}/docs/ui/search?searchString=vm`);
    expect(searchOriginOf(window, '/docs')).toBe('vm');
    referrer.mockReturnValue('https://evil.example/docs/ui/search/phish');
    expect(searchOriginOf(window, '/docs')).toBeNull();
    referrer.mockReturnValue(`${location.origin}/docs/ui/`);
    expect(searchOriginOf(window, '/docs')).toBeNull();
  });

  it('builds the search route with the query encoded', () => {
    expect(searchRouteOf('/docs', ' a/b c ')).toBe('/docs/ui/search/a%2Fb%20c');
  });
});
