import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerSearches, fakeConnection } from '../../test/fakeSearchApi';
import { mountSearchApp } from './mountSearchApp';

describe('mountSearchApp', () => {
  it('renders the client with what the portal gave it', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    const api = answerSearches();
    await act(() =>
      mountSearchApp(root, {
        connect: async () => fakeConnection({ searchString: 'backup' }),
        fetch: api.fetch,
        sandbox: true,
      }),
    );
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('backup');
    expect(await screen.findByRole('button', { name: 'Show raw JSON' })).toBeTruthy();
  });

  it('explains itself when the portal never answers', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    await mountSearchApp(root, { connect: () => Promise.reject(new Error('timeout')) });
    expect(screen.getByRole('alert').textContent).toContain(
      'open it from the portal’s search page',
    );
  });
});
