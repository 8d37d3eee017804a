import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  answerSearches,
  fakeConnection,
  hit,
  searchResponse,
  type FakeConnection,
} from '../../test/fakeSearchApi';
import { FULL_PAGE_SIZE, SearchApp } from './SearchApp';

function renderApp(
  fetch: typeof globalThis.fetch,
  connection: FakeConnection = fakeConnection(),
  sandbox = false,
) {
  render(<SearchApp connection={connection} fetch={fetch} debounceMs={0} sandbox={sandbox} />);
  return { connection, input: screen.getByRole('combobox') as HTMLInputElement };
}

// A keystroke fires `input`, as in a browser (`change` waits for the box to lose focus).
const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });

describe('SearchApp: facets', () => {
  it('lists product, version and document type with their counts', async () => {
    const { input } = renderApp(answerSearches().fetch);
    type(input, 'backup');
    const product = await screen.findByRole('group', { name: 'Product' });
    const labels = within(product)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent);
    expect(labels).toEqual(['Data Platform2', 'Helios1']);
    expect(screen.getByRole('group', { name: 'Version' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Document type' })).toBeTruthy();
  });

  it('filters by a ticked value, reports it to the portal, and unticks it again', async () => {
    const api = answerSearches();
    const { input, connection } = renderApp(api.fetch);
    type(input, 'backup');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Helios/ }));
    await waitFor(() => expect(api.searches()).toHaveLength(2));
    expect(api.searches()[1]?.url.searchParams.getAll('product')).toEqual(['Helios']);
    expect(connection.reportState).toHaveBeenLastCalledWith({
      searchString: 'backup',
      filters: { product: ['Helios'] },
      history: 'push',
    });
    const box = (await screen.findByRole('checkbox', { name: /Helios/ })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    await waitFor(() => expect(api.searches()).toHaveLength(3));
    expect(api.searches()[2]?.url.searchParams.has('product')).toBe(false);
  });

  it('keeps a selected value the answer no longer counts, so it can be unticked', async () => {
    const connection = fakeConnection({ searchString: 'backup', filters: { version: ['7.0'] } });
    renderApp(answerSearches().fetch, connection);
    const box = (await screen.findByRole('checkbox', { name: /7\.0/ })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.closest('label')?.textContent).toBe('7.00');
  });
});

describe('SearchApp: did you mean', () => {
  it('runs the suggested query when the reader clicks it', async () => {
    const api = answerSearches((q) =>
      q === 'bakcup'
        ? searchResponse(q, { hits: [], total: 0, suggestion: 'backup' }, 0)
        : searchResponse(q),
    );
    const { input, connection } = renderApp(api.fetch);
    type(input, 'bakcup');
    fireEvent.click(await screen.findByRole('button', { name: 'backup' }));
    expect(input.value).toBe('backup');
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('2 results'));
    expect(api.searches().at(-1)?.url.searchParams.get('q')).toBe('backup');
    expect(connection.reportState).toHaveBeenLastCalledWith({
      searchString: 'backup',
      filters: {},
      history: 'push',
    });
  });
});

describe('SearchApp: paging', () => {
  const manyResults = (q: string, url: URL) => {
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    return searchResponse(q, {
      total: 45,
      page,
      pageSize,
      hits: [hit((page - 1) * pageSize + 1, { title: `First of page ${page}` })],
    });
  };

  it('offers all results after the first ones, then pages through them', async () => {
    const api = answerSearches(manyResults);
    const { input, connection } = renderApp(api.fetch);
    type(input, 'backup');
    fireEvent.click(await screen.findByRole('button', { name: 'See all 45 results' }));
    await screen.findByText('Page 1 of 3');
    const full = api.searches().at(-1)?.url;
    expect(full?.searchParams.get('pageSize')).toBe(String(FULL_PAGE_SIZE));
    expect(connection.reportState).toHaveBeenLastCalledWith(
      expect.objectContaining({ history: 'push' }),
    );
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('First of page 2')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(api.searches().at(-1)?.url.searchParams.get('page')).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('First of page 1')).toBeTruthy();
  });

  it('shows all results when the reader presses Enter without picking one', async () => {
    const api = answerSearches(manyResults);
    const { input } = renderApp(api.fetch);
    type(input, 'backup');
    await screen.findByRole('button', { name: 'See all 45 results' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
  });

  it('goes back to the first results when the reader types again', async () => {
    const api = answerSearches(manyResults);
    const { input } = renderApp(api.fetch);
    type(input, 'backup');
    fireEvent.click(await screen.findByRole('button', { name: 'See all 45 results' }));
    await screen.findByText('Page 1 of 3');
    type(input, 'backups');
    expect(await screen.findByRole('button', { name: 'See all 45 results' })).toBeTruthy();
    expect(api.searches().at(-1)?.url.searchParams.get('pageSize')).toBe('8');
  });
});

describe('SearchApp: sandbox', () => {
  const explained = (q: string) =>
    searchResponse(q, {
      hits: [
        hit(1, {
          score: 12.5,
          explain: {
            score: 12.5,
            fields: { title: ['backup'], text: ['backup', 'job'] },
            terms: [{ query: 'bakup', matched: 'backup', how: 'typo' }],
          },
        }),
      ],
      total: 1,
      tookMs: 4.2,
    });

  it('asks for explanations and shows each hit’s score and why it matched', async () => {
    const api = answerSearches(explained);
    const { input } = renderApp(api.fetch, fakeConnection(), true);
    type(input, 'bakup');
    const [page] = await screen.findAllByRole('option');
    expect(api.searches()[0]?.url.searchParams.get('explain')).toBe('1');
    expect(page?.textContent).toContain('score 12.500');
    expect(page?.textContent).toContain('title [backup]; text [backup, job]');
    expect(page?.textContent).toContain('bakup → backup (typo)');
  });

  it('shows the server time, the browser round trip and the raw JSON on demand', async () => {
    const api = answerSearches(explained);
    const { input } = renderApp(api.fetch, fakeConnection(), true);
    type(input, 'bakup');
    expect((await screen.findByTestId('server-time')).textContent).toBe('4.2 ms');
    expect(screen.getByTestId('browser-time').textContent).toMatch(/^\d+\.\d ms$/);
    const toggle = screen.getByRole('button', { name: 'Show raw JSON' });
    expect(document.getElementById('sc-raw-json')?.hidden).toBe(true);
    fireEvent.click(toggle);
    const raw = document.getElementById('sc-raw-json') as HTMLElement;
    expect(raw.hidden).toBe(false);
    expect(JSON.parse(raw.textContent ?? '')).toEqual(explained('bakup'));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('leaves scores, timings and explanations out of the production page', async () => {
    const api = answerSearches(explained);
    const { input } = renderApp(api.fetch);
    type(input, 'bakup');
    const [page] = await screen.findAllByRole('option');
    expect(api.searches()[0]?.url.searchParams.has('explain')).toBe(false);
    expect(page?.textContent).not.toContain('score');
    expect(screen.queryByRole('button', { name: 'Show raw JSON' })).toBeNull();
  });
});
