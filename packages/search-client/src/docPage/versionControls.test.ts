import type { PageVersion, PageVersionsResponse } from '@docs-portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addPortalBar } from './PortalBar';
import { addVersionControls } from './versionControls';

const version = (v: string, extra: Partial<PageVersion> = {}): PageVersion => ({
  version: v,
  docSet: `g-${v}`,
  title: `Guide ${v}`,
  url: `/docs/${v.replace('.', '_')}/Content/Keys.htm`,
  match: 'page',
  current: false,
  ...extra,
});

function setUp(answer: PageVersionsResponse | null, status = 200) {
  document.body.replaceChildren();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/docs/6_4/Content/Keys.htm#rotate');
  const fetch = vi.fn(async (_url: string) =>
    answer === null
      ? new Response('{"code":"not_found"}', { status: 404 })
      : new Response(JSON.stringify(answer), { status }),
  );
  vi.stubGlobal('fetch', fetch);
  const bar = addPortalBar(document, {
    basePath: '/docs',
    fromSearch: null,
    hasHighlights: false,
    onSearch: () => undefined,
    onHideHighlights: () => undefined,
  });
  return { fetch, bar };
}

const links = (bar: HTMLElement) =>
  [...(bar.shadowRoot?.querySelectorAll<HTMLAnchorElement>('.versions a') ?? [])].map(
    (a) => `${a.textContent} ${a.getAttribute('href')}`,
  );
const banner = () =>
  document.querySelector('[data-docs-portal="outdated-banner"]')?.shadowRoot ?? null;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('addVersionControls', () => {
  const answer: PageVersionsResponse = {
    versions: [
      version('6.5', { match: 'page' }),
      version('6.4', { current: true }),
      version('6.3', { match: 'home', url: '/docs/6_3/' }),
    ],
    newest: version('6.5'),
  };

  it('asks for the versions of this page and lists them, keeping the section unless it lands home', async () => {
    const { fetch, bar } = setUp(answer);
    expect(await addVersionControls(window, '/docs', bar)).toBe('6.4');
    expect(String(fetch.mock.calls[0]?.[0])).toBe(
      '/docs/page-versions?path=%2Fdocs%2F6_4%2FContent%2FKeys.htm',
    );
    expect(bar.shadowRoot?.querySelector('summary')?.textContent).toBe('Version 6.4');
    expect(links(bar)).toEqual([
      '6.5 (newest) /docs/6_5/Content/Keys.htm#rotate',
      '6.4 /docs/6_4/Content/Keys.htm#rotate',
      '6.3 /docs/6_3/',
    ]);
    expect(bar.shadowRoot?.querySelector('[aria-current="page"]')?.textContent).toBe('6.4');
  });

  it('shows the older-version banner, which stays dismissed for the session', async () => {
    const { bar } = setUp(answer);
    await addVersionControls(window, '/docs', bar);
    const root = banner();
    expect(root?.querySelector('[role="region"]')?.textContent).toContain(
      'You are reading version 6.4. The newest version is 6.5: read this page in 6.5',
    );
    expect(root?.querySelector('a')?.getAttribute('href')).toBe(
      '/docs/6_5/Content/Keys.htm#rotate',
    );
    root?.querySelector('button')?.click();
    expect(banner()).toBeNull();
    const again = setUpKeepingStorage(answer);
    await addVersionControls(window, '/docs', again);
    expect(banner()).toBeNull();
    expect(links(again)).toHaveLength(3);
  });

  it('adds nothing for a single version, a refused answer, or links off the portal', async () => {
    const single = setUp({ versions: [version('6.4', { current: true })], newest: null });
    expect(await addVersionControls(window, '/docs', single.bar)).toBeUndefined();
    expect(single.bar.shadowRoot?.querySelector('.versions')).toBeNull();
    const refused = setUp(null);
    await addVersionControls(window, '/docs', refused.bar);
    expect(refused.bar.shadowRoot?.querySelector('.versions')).toBeNull();
    const hostile = setUp({
      versions: [
        version('6.5', { url: 'https://evil.example/docs/x' }),
        version('6.4', { current: true }),
        version('6.3', { url: 'javascript:alert(1)' }),
      ],
      newest: version('6.5', { url: 'https://evil.example/docs/x' }),
    });
    await addVersionControls(window, '/docs', hostile.bar);
    expect(hostile.bar.shadowRoot?.querySelector('.versions')).toBeNull();
    expect(banner()).toBeNull();
  });
});

/** A fresh bar with the same answer, keeping what the session stored. */
function setUpKeepingStorage(answer: PageVersionsResponse): HTMLElement {
  document.body.replaceChildren();
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(answer)));
  return addPortalBar(document, {
    basePath: '/docs',
    fromSearch: null,
    hasHighlights: false,
    onSearch: () => undefined,
    onHideHighlights: () => undefined,
  });
}
