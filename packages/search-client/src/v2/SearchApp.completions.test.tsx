import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeConnection, fakeFetch, json, searchResponse } from '../../test/fakeSearchApi';
import { SearchApp } from './SearchApp';

const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });

/** Searches answered as usual; suggestions complete the last word with `-ly` and `-lies`. */
function api() {
  return fakeFetch((url) => {
    const q = url.searchParams.get('q') ?? '';
    if (url.pathname === '/docs/search/suggest') {
      return json({
        query: q,
        suggestions: [
          { kind: 'title', text: `${q} guide`, url: '/docs/guide.htm' },
          { kind: 'query', text: `${q}aly` },
          { kind: 'query', text: `${q}alies` },
        ],
      });
    }
    return json(searchResponse(q));
  });
}

describe('SearchApp: completions of the word being typed', () => {
  it('offers the suggest API’s completed searches, and searches the one picked', async () => {
    const fake = api();
    const connection = fakeConnection();
    render(<SearchApp connection={connection} fetch={fake.fetch} debounceMs={0} />);
    const input = screen.getByRole('combobox') as HTMLInputElement;
    type(input, 'anom');
    const nav = await screen.findByRole('navigation', { name: 'Suggested searches' });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['anomaly', 'anomalies']);

    fireEvent.click(within(nav).getByRole('button', { name: 'anomalies' }));
    expect(input.value).toBe('anomalies');
    expect(document.activeElement).toBe(input);
    await waitFor(() =>
      expect(fake.searches().map((call) => call.url.searchParams.get('q'))).toContain('anomalies'),
    );
    expect(connection.reportState).toHaveBeenLastCalledWith(
      expect.objectContaining({ searchString: 'anomalies', history: 'push' }),
    );
    // The search picked is what the reader wants: no completions of it.
    expect(screen.queryByRole('navigation', { name: 'Suggested searches' })).toBeNull();
    await screen.findByText(/for “anomalies”/);
    const asked = fake.calls.filter((call) => call.url.pathname === '/docs/search/suggest');
    expect(asked.map((call) => call.url.searchParams.get('q'))).toEqual(['anom']);
  });

  it('offers none for the search the client opened with, until the reader types', async () => {
    const fake = api();
    render(
      <SearchApp
        connection={fakeConnection({ searchString: 'anom' })}
        fetch={fake.fetch}
        debounceMs={0}
      />,
    );
    await screen.findByText(/for “anom”/);
    expect(fake.calls.some((call) => call.url.pathname === '/docs/search/suggest')).toBe(false);
    type(screen.getByRole('combobox'), 'anoma');
    await screen.findByRole('navigation', { name: 'Suggested searches' });
  });

  it('keeps the arrow keys on the results, and hides completions when the text is cleared', async () => {
    const fake = api();
    render(<SearchApp connection={fakeConnection()} fetch={fake.fetch} debounceMs={0} />);
    const input = screen.getByRole('combobox') as HTMLInputElement;
    type(input, 'anom');
    await screen.findByRole('navigation', { name: 'Suggested searches' });
    await screen.findAllByRole('option');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe('sc-results-0');
    type(input, '');
    expect(screen.queryByRole('navigation', { name: 'Suggested searches' })).toBeNull();
  });

  it('shows none while paging through the full list', async () => {
    const fake = api();
    render(
      <SearchApp
        connection={fakeConnection({ searchString: 'anom', page: 2 })}
        fetch={fake.fetch}
        debounceMs={0}
      />,
    );
    await waitFor(() => expect(fake.searches()).toHaveLength(1));
    expect(fake.calls.some((call) => call.url.pathname === '/docs/search/suggest')).toBe(false);
    expect(screen.queryByRole('navigation', { name: 'Suggested searches' })).toBeNull();
  });
});
