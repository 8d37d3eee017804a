import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import {
  answerSearches,
  fakeConnection,
  hit,
  json,
  searchResponse,
  type FakeConnection,
} from '../../test/fakeSearchApi';
import { LEGACY_PAGE_SIZE, mountLegacyClient } from './legacyClient';

async function mount(
  fetch: typeof globalThis.fetch,
  connection: FakeConnection = fakeConnection(),
) {
  const root = document.body.appendChild(document.createElement('div'));
  await mountLegacyClient(root, { connect: async () => connection, fetch });
  return { root, connection, input: screen.getByRole('searchbox') as HTMLInputElement };
}

function submit(input: HTMLInputElement, value: string) {
  input.value = value;
  fireEvent.submit(input.form as HTMLFormElement);
}

describe('older client', () => {
  it('searches on submit, reports the search, and lists results with snippets', async () => {
    const api = answerSearches();
    const { input, connection } = await mount(api.fetch);
    submit(input, 'backup');
    expect(connection.reportState).toHaveBeenCalledWith({ searchString: 'backup' });
    const title = await screen.findByRole('link', { name: 'Page 1' });
    const item = title.closest('li') as HTMLElement;
    expect(item.querySelector('.lc-crumbs')?.textContent).toBe('User Guide › Protection');
    expect(item.querySelector('.lc-snippet mark')?.textContent).toBe('backup');
    expect(screen.getByRole('status').textContent).toBe('2 results for “backup”');
    expect(api.searches()[0]?.url.searchParams.get('pageSize')).toBe(String(LEGACY_PAGE_SIZE));
  });

  it('runs the portal’s initial search string at once', async () => {
    const api = answerSearches();
    await mount(api.fetch, fakeConnection({ searchString: 'restore' }));
    await screen.findByRole('link', { name: 'Page 1' });
    expect(api.searches()[0]?.url.searchParams.get('q')).toBe('restore');
  });

  it('renders hostile titles and snippets as text', async () => {
    const hostile = '<img src=x onerror="window.__legacyPwned=1">';
    const api = answerSearches((q) =>
      searchResponse(q, {
        hits: [hit(1, { title: hostile, snippet: `<mark>${hostile}</mark>` })],
        total: 1,
      }),
    );
    const { root, input } = await mount(api.fetch);
    submit(input, 'x');
    await screen.findByRole('link', { name: hostile });
    expect(root.querySelector('img, script')).toBeNull();
    expect(root.querySelector('mark')?.textContent).toBe(hostile);
    expect((window as { __legacyPwned?: number }).__legacyPwned).toBeUndefined();
  });

  it('pages through results with previous and next', async () => {
    const api = answerSearches((q, url) => {
      const page = Number(url.searchParams.get('page'));
      return searchResponse(q, {
        total: 25,
        page,
        pageSize: 10,
        hits: [hit(page * 10 - 9, { title: `Top of page ${page}` })],
      });
    });
    const { root, input } = await mount(api.fetch);
    submit(input, 'backup');
    await screen.findByText('Page 1 of 3');
    input.value = 'unsent edit';
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('link', { name: 'Top of page 2' });
    expect(api.searches().at(-1)?.url.searchParams.get('q')).toBe('backup');
    expect((root.querySelector('ol') as HTMLOListElement).start).toBe(11);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('link', { name: 'Top of page 1' });
  });

  it('offers the did-you-mean suggestion', async () => {
    const api = answerSearches((q) =>
      q === 'bakup'
        ? searchResponse(q, { hits: [], total: 0, suggestion: 'backup' }, 0)
        : searchResponse(q),
    );
    const { input, connection } = await mount(api.fetch);
    submit(input, 'bakup');
    fireEvent.click(await screen.findByRole('button', { name: 'backup' }));
    await screen.findByRole('link', { name: 'Page 1' });
    expect(input.value).toBe('backup');
    expect(connection.reportState).toHaveBeenLastCalledWith({ searchString: 'backup' });
  });

  it('passes a 401 to the portal notifier', async () => {
    const api = answerSearches(() => json({ code: 'unauthenticated', message: 'x' }, 401));
    const { input, connection } = await mount(api.fetch);
    submit(input, 'backup');
    await waitFor(() =>
      expect(connection.notifyHttpError).toHaveBeenCalledWith(
        401,
        expect.stringContaining('q=backup'),
      ),
    );
    expect(screen.getByRole('status').textContent).toContain('session has ended');
  });

  it('records the click and opens the result in the portal window', async () => {
    document.cookie = 'XSRF-TOKEN=t1; path=/';
    const api = answerSearches();
    const { input, connection } = await mount(api.fetch);
    submit(input, 'backup');
    const link = await screen.findByRole('link', { name: 'Page 2' });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(connection.navigate).toHaveBeenCalledWith('/docs/guide/page2.htm?Highlight=backup');
    expect(JSON.parse(String(api.clicks()[0]?.init.body))).toEqual({
      query: 'backup',
      rank: 2,
      url: '/docs/guide/page2.htm?Highlight=backup',
    });
    expect(new Headers(api.clicks()[0]?.init.headers).get('x-xsrf-token')).toBe('t1');
  });

  it('lists the other versions of a hit as "Also in" links, escaped, opened in the portal window', async () => {
    const api = answerSearches((q) =>
      searchResponse(q, {
        hits: [
          hit(1, {
            alsoIn: [
              { version: '6.4', docSet: 'g64', url: '/docs/6_4/page1.htm?Highlight=backup' },
              { version: '<b>6.3</b>', docSet: 'g63', url: '/docs/6_3/page1.htm?Highlight=backup' },
            ],
          }),
        ],
        total: 1,
      }),
    );
    const { root, input, connection } = await mount(api.fetch);
    submit(input, 'backup');
    const link = await screen.findByRole('link', { name: '6.4' });
    expect(link.parentElement?.textContent).toBe('Also in 6.4, <b>6.3</b>');
    expect(root.querySelector('b')).toBeNull();
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(connection.navigate).toHaveBeenCalledWith('/docs/6_4/page1.htm?Highlight=backup');
    await waitFor(() => expect(api.clicks()).toHaveLength(1));
  });

  it('says so when it cannot reach the portal', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    await mountLegacyClient(root, { connect: () => Promise.reject(new Error('timeout')) });
    expect(root.textContent).toContain('open it from the portal’s search page');
  });
});
