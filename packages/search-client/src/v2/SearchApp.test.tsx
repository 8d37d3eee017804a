import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  answerSearches,
  deferred,
  fakeConnection,
  fakeFetch,
  hit,
  json,
  searchResponse,
  type FakeConnection,
} from '../../test/fakeSearchApi';
import { SearchApp } from './SearchApp';

function renderApp(
  fetch: typeof globalThis.fetch,
  connection: FakeConnection = fakeConnection(),
  props: { sandbox?: boolean; debounceMs?: number } = {},
) {
  render(
    <SearchApp
      connection={connection}
      fetch={fetch}
      debounceMs={props.debounceMs ?? 0}
      {...props}
    />,
  );
  return { connection, input: screen.getByRole('combobox') as HTMLInputElement };
}

// A keystroke fires `input`, as in a browser (`change` waits for the box to lose focus).
const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });

describe('SearchApp: searching as you type', () => {
  it('searches the first keystroke at once, then at most once per 120 ms with the latest text', async () => {
    vi.useFakeTimers();
    const api = answerSearches();
    const { input } = renderApp(api.fetch, fakeConnection(), { debounceMs: 120 });
    const q = () => api.searches().map((call) => call.url.searchParams.get('q'));
    type(input, 'b');
    expect(q()).toEqual(['b']);
    await act(() => vi.advanceTimersByTimeAsync(40));
    type(input, 'ba');
    await act(() => vi.advanceTimersByTimeAsync(40));
    type(input, 'bac');
    await act(() => vi.advanceTimersByTimeAsync(39));
    expect(q()).toEqual(['b']);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(q()).toEqual(['b', 'bac']);
    await act(() => vi.advanceTimersByTimeAsync(500));
    type(input, 'bac ');
    type(input, 'back');
    expect(q()).toEqual(['b', 'bac', 'back']);
    expect(api.searches()[0]?.url.searchParams.get('pageSize')).toBe('8');
  });

  it('aborts the search in flight when a newer one starts', async () => {
    const first = deferred<Response>();
    const api = fakeFetch((url) =>
      url.searchParams.get('q') === 'back' ? first.promise : json(searchResponse('backup')),
    );
    const { input } = renderApp(api.fetch);
    type(input, 'back');
    await waitFor(() => expect(api.searches()).toHaveLength(1));
    type(input, 'backup');
    await waitFor(() => expect(api.searches()).toHaveLength(2));
    expect(api.searches()[0]?.init.signal?.aborted).toBe(true);
    expect(api.searches()[1]?.init.signal?.aborted).toBe(false);
  });

  it('never shows an older answer that arrives after a newer one', async () => {
    const slow = deferred<Response>();
    const api = fakeFetch((url) =>
      url.searchParams.get('q') === 'old'
        ? slow.promise
        : json(searchResponse('new', { hits: [hit(1, { title: 'Newest answer' })], total: 1 })),
    );
    const { input } = renderApp(api.fetch);
    type(input, 'old');
    await waitFor(() => expect(api.searches()).toHaveLength(1));
    type(input, 'new');
    expect(await screen.findByText('Newest answer')).toBeTruthy();
    // The server ignored the abort and answers the stale search last.
    await act(async () => {
      slow.resolve(json(searchResponse('old', { hits: [hit(1, { title: 'Stale answer' })] })));
      await slow.promise;
    });
    expect(screen.queryByText('Stale answer')).toBeNull();
    expect(screen.getByText('Newest answer')).toBeTruthy();
  });

  it('mirrors typing in the portal URL by replacing the history entry', async () => {
    const api = answerSearches();
    const { input, connection } = renderApp(api.fetch);
    type(input, 'restore');
    expect(connection.reportState).toHaveBeenLastCalledWith({
      searchString: 'restore',
      filters: {},
      history: 'replace',
    });
  });

  it('starts with the portal search string and filters, without reporting them back', async () => {
    const api = answerSearches();
    const connection = fakeConnection({
      searchString: 'vm restore',
      filters: { product: ['Helios'], other: ['x'] },
    });
    const { input } = renderApp(api.fetch, connection);
    expect(input.value).toBe('vm restore');
    await waitFor(() => expect(api.searches()).toHaveLength(1));
    const url = api.searches()[0]?.url as URL;
    expect(url.searchParams.get('q')).toBe('vm restore');
    expect(url.searchParams.getAll('product')).toEqual(['Helios']);
    expect(url.searchParams.has('other')).toBe(false);
    expect(connection.reportState).not.toHaveBeenCalled();
  });
});

describe('SearchApp: results', () => {
  it('groups results by page with the other matching sections beneath', async () => {
    const api = answerSearches();
    const { input } = renderApp(api.fetch);
    type(input, 'backup');
    await screen.findAllByRole('option');
    const groups = within(screen.getByRole('listbox')).getAllByRole('group');
    expect(groups).toHaveLength(2);
    const first = within(groups[0] as HTMLElement);
    const options = first.getAllByRole('option');
    // The page itself, then its section other than the best one (already the page's link).
    expect(options).toHaveLength(2);
    expect(options[0]?.textContent).toContain('Page 1');
    expect(options[0]?.textContent).toContain('User Guide › Protection');
    expect(options[1]?.textContent).toContain('Section 1.1');
    expect(groups[0]?.getAttribute('aria-labelledby')).toBe(
      options[0]?.querySelector('.sc-title')?.id,
    );
    expect(screen.getByRole('status').textContent).toBe('2 results for “backup”');
  });

  it('marks the matched terms of snippets and decodes their entities', async () => {
    const api = answerSearches();
    const { input } = renderApp(api.fetch);
    type(input, 'backup');
    const [section] = await screen.findAllByText(/Section 1 text about/);
    if (!section) throw new Error('no section snippet');
    expect(section.querySelector('mark')?.textContent).toBe('backup');
    expect(section.textContent).toBe('Section 1 text about backup & more');
  });

  it('shows hostile markup in snippets and titles as text, never as elements', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    const api = answerSearches((q) =>
      searchResponse(q, {
        hits: [
          hit(1, {
            title: hostile,
            breadcrumb: [hostile],
            snippet: `before <mark>${hostile}</mark> after`,
            sections: [
              hit(1).sections[0]!,
              { ...hit(1).sections[1]!, snippet: hostile, heading: hostile },
            ],
          }),
        ],
        total: 1,
      }),
    );
    const { input } = renderApp(api.fetch);
    type(input, 'backup');
    await screen.findAllByRole('option');
    const list = screen.getByRole('listbox');
    expect(list.querySelector('img, script')).toBeNull();
    expect(list.querySelector('.sc-title')?.textContent).toBe(hostile);
    expect(list.querySelector('mark')?.textContent).toBe(hostile);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('opens a result in the portal window after recording the click with its rank', async () => {
    document.cookie = 'XSRF-TOKEN=tok123; path=/';
    const api = answerSearches((q) => searchResponse(q, { page: 2, pageSize: 8, total: 20 }));
    const { input, connection } = renderApp(api.fetch);
    type(input, 'backup');
    const options = await screen.findAllByRole('option');
    const link = options[2] as HTMLAnchorElement;
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/docs/guide/page2.htm?Highlight=backup');
    fireEvent.click(link);
    expect(connection.navigate).toHaveBeenCalledWith('/docs/guide/page2.htm?Highlight=backup');
    const click = api.clicks()[0];
    expect(click?.init.method).toBe('POST');
    expect(click?.init.keepalive).toBe(true);
    expect(new Headers(click?.init.headers).get('x-xsrf-token')).toBe('tok123');
    expect(JSON.parse(String(click?.init.body))).toEqual({
      query: 'backup',
      rank: 10,
      url: '/docs/guide/page2.htm?Highlight=backup',
    });
  });

  it('leaves a Ctrl-click on a result to the browser (new tab) and still records it', async () => {
    const api = answerSearches();
    const { input, connection } = renderApp(api.fetch);
    type(input, 'backup');
    const options = await screen.findAllByRole('option');
    const link = options[0] as HTMLAnchorElement;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(connection.navigate).not.toHaveBeenCalled();
    await waitFor(() => expect(api.clicks()).toHaveLength(1));
  });

  it('opens a section at its anchor', async () => {
    const api = answerSearches();
    const { input, connection } = renderApp(api.fetch);
    type(input, 'backup');
    fireEvent.click(await screen.findByText('Section 1.1'));
    expect(connection.navigate).toHaveBeenCalledWith('/docs/guide/page1.htm?Highlight=backup#s1');
  });
});

describe('SearchApp: versions', () => {
  it('offers the other versions of a hit as "Also in" options, reachable by arrow keys', async () => {
    const alsoIn = [
      { version: '6.4', docSet: 'g64', url: '/docs/6_4/page1.htm?Highlight=backup' },
      { version: '<i>6.3</i>', docSet: 'g63', url: '/docs/6_3/page1.htm?Highlight=backup' },
    ];
    const api = answerSearches((q) =>
      searchResponse(q, { hits: [hit(1, { alsoIn }), hit(2)], total: 2 }),
    );
    const { input, connection } = renderApp(api.fetch);
    type(input, 'backup');
    const also = await screen.findByRole('option', { name: 'Also in 6.4' });
    expect(also.getAttribute('href')).toBe('/docs/6_4/page1.htm?Highlight=backup');
    expect(screen.getByRole('option', { name: 'Also in <i>6.3</i>' })).toBeTruthy();
    expect(document.querySelector('#sc-results i')).toBeNull();
    // Page 1, its other section, its two versions, then page 2.
    const names = screen.getAllByRole('option').map((o) => o.textContent);
    expect(names.indexOf('Also in 6.4')).toBe(2);
    fireEvent.click(also);
    expect(connection.navigate).toHaveBeenCalledWith('/docs/6_4/page1.htm?Highlight=backup');
    expect(JSON.parse(String(api.clicks()[0]?.init.body))).toMatchObject({ rank: 1 });
  });
});

describe('SearchApp: states', () => {
  it('invites the reader to type before any search', () => {
    renderApp(answerSearches().fetch);
    expect(screen.getByText(/Results appear as you type/)).toBeTruthy();
    expect(screen.getByRole('listbox', { hidden: true }).hidden).toBe(true);
    expect(screen.getByRole('combobox').getAttribute('aria-expanded')).toBe('false');
  });

  it('says it is searching while the answer is on its way', async () => {
    const pending = deferred<Response>();
    const { input } = renderApp(fakeFetch(() => pending.promise).fetch);
    type(input, 'backup');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Searching…'));
    await act(async () => pending.resolve(json(searchResponse('backup'))));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('2 results'));
  });

  it('says when nothing matched and offers to search without filters', async () => {
    const api = answerSearches((q) => searchResponse(q, { hits: [], total: 0 }, 0));
    const connection = fakeConnection({ searchString: 'zzz', filters: { product: ['Helios'] } });
    renderApp(api.fetch, connection);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('No results for “zzz”'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Search without filters' }));
    await waitFor(() => expect(api.searches()).toHaveLength(2));
    expect(api.searches()[1]?.url.searchParams.has('product')).toBe(false);
    expect(connection.reportState).toHaveBeenLastCalledWith({
      searchString: 'zzz',
      filters: {},
      history: 'push',
    });
  });

  it('shows an error with a retry when the search service fails', async () => {
    let fail = true;
    const api = answerSearches((q) =>
      fail ? json({ code: 'internal', message: 'boom' }, 500) : searchResponse(q),
    );
    const { input, connection } = renderApp(api.fetch);
    type(input, 'backup');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain(
        'not available right now (HTTP 500)',
      ),
    );
    expect(connection.notifyHttpError).toHaveBeenCalledWith(
      500,
      expect.stringContaining('/docs/search?q=backup'),
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('option')).toHaveLength(4);
  });

  it('says in reader words why a query was refused, and offers no retry that would fail again', async () => {
    const api = answerSearches(() =>
      json({ code: 'bad_request', message: 'q: q must be at most 500 characters' }, 400),
    );
    const { input } = renderApp(api.fetch);
    type(input, 'backup');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Searches can be at most 500 characters long. Shorten yours and search again.',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('passes a 401 to the portal notifier so the reader signs in again', async () => {
    const api = answerSearches(() => json({ code: 'unauthenticated', message: 'Sign in' }, 401));
    const { input, connection } = renderApp(api.fetch);
    type(input, 'backup');
    await waitFor(() =>
      expect(connection.notifyHttpError).toHaveBeenCalledWith(
        401,
        '/docs/search?q=backup&page=1&pageSize=8',
      ),
    );
    expect(screen.getByRole('status').textContent).toContain('session has ended');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
