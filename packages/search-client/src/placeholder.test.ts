import type { PortalConnection } from '@docs-portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { mountPlaceholder } from './placeholder';

function fakeConnection(): PortalConnection {
  return {
    framed: true,
    searchUrl: '/docs/search',
    searchString: 'restore vm',
    filters: {},
    notifyHttpError: vi.fn(),
    reportState: vi.fn(),
    navigate: vi.fn(),
  };
}

describe('mountPlaceholder', () => {
  it('shows the page name and what the portal gave it', async () => {
    const root = document.createElement('div');
    await mountPlaceholder(root, 'Search sandbox', { connect: async () => fakeConnection() });
    expect(root.querySelector('h1')?.textContent).toBe('Search sandbox');
    expect(root.querySelector('.search-url')?.textContent).toBe('/docs/search');
    expect(root.querySelector('.search-string')?.textContent).toBe('restore vm');
    expect(root.querySelector('input')?.value).toBe('restore vm');
  });

  it('passes a 401 from the search API to the portal notifier', async () => {
    const root = document.createElement('div');
    const connection = fakeConnection();
    const fetch = vi.fn(async () => new Response('{}', { status: 401 }));
    await mountPlaceholder(root, 'Search (classic)', { connect: async () => connection, fetch });
    root.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() =>
      expect(connection.notifyHttpError).toHaveBeenCalledWith(401, '/docs/search?q=restore%20vm'),
    );
    expect(fetch).toHaveBeenCalledWith('/docs/search?q=restore%20vm', expect.anything());
  });
});
