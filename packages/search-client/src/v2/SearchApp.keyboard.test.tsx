import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerSearches, fakeConnection } from '../../test/fakeSearchApi';
import { SearchApp } from './SearchApp';

async function withResults() {
  const api = answerSearches();
  const connection = fakeConnection();
  render(<SearchApp connection={connection} fetch={api.fetch} debounceMs={0} />);
  const input = screen.getByRole('combobox') as HTMLInputElement;
  fireEvent.input(input, { target: { value: 'backup' } });
  const options = await screen.findAllByRole('option');
  return { api, connection, input, options };
}

const activeOf = (input: HTMLElement) => input.getAttribute('aria-activedescendant');

describe('SearchApp: keyboard', () => {
  it('opens with the search box focused, ready to type in', () => {
    render(<SearchApp connection={fakeConnection()} fetch={answerSearches().fetch} />);
    expect(document.activeElement).toBe(screen.getByRole('combobox'));
  });

  it('focuses the search box on / and on Ctrl-K or Cmd-K', () => {
    render(<SearchApp connection={fakeConnection()} fetch={answerSearches().fetch} />);
    const input = screen.getByRole('combobox') as HTMLInputElement;
    input.blur();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(input);
    input.blur();
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    expect(document.activeElement).toBe(input);
    input.blur();
    fireEvent.keyDown(document.body, { key: 'K', metaKey: true });
    expect(document.activeElement).toBe(input);
  });

  it('leaves / alone while the reader types in another field', () => {
    render(<SearchApp connection={fakeConnection()} fetch={answerSearches().fetch} />);
    const other = document.body.appendChild(document.createElement('textarea'));
    other.focus();
    const event = new KeyboardEvent('keydown', { key: '/', bubbles: true, cancelable: true });
    other.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(other);
  });

  it('moves through pages and sections with the arrow keys via aria-activedescendant', async () => {
    const { input, options } = await withResults();
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(activeOf(input)).toBeNull();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOf(input)).toBe(options[0]?.id);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOf(input)).toBe(options[1]?.id);
    expect(options[0]?.getAttribute('aria-selected')).toBe('false');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(activeOf(input)).toBeNull();
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(activeOf(input)).toBe(options.at(-1)?.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOf(input)).toBe(options.at(-1)?.id);
  });

  it('opens the active result with Enter', async () => {
    const { api, connection, input } = await withResults();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(connection.navigate).toHaveBeenCalledWith('/docs/guide/page1.htm?Highlight=backup#s1');
    expect(JSON.parse(String(api.clicks()[0]?.init.body))).toMatchObject({ rank: 1 });
  });

  it('clears the search with Escape and reports the empty search', async () => {
    const { connection, input } = await withResults();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(0));
    expect(screen.getByText(/Results appear as you type/)).toBeTruthy();
    expect(connection.reportState).toHaveBeenLastCalledWith({
      searchString: '',
      filters: {},
      history: 'replace',
    });
  });

  it('forgets the active result when the results change', async () => {
    const { input } = await withResults();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.input(input, { target: { value: 'backups' } });
    expect(activeOf(input)).toBeNull();
  });
});
