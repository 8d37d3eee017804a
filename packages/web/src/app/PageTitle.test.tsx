import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { pageName } from './PageTitle';

describe('page titles', () => {
  it('names the sign-in, home and search pages', async () => {
    renderApp('/docs/ui/login');
    await waitFor(() => expect(document.title).toBe('Sign in · Acme Documentation'));
  });

  it('names the home page once the shell shows', async () => {
    renderApp('/docs/ui/');
    await screen.findByRole('heading', { level: 1 });
    expect(document.title).toBe('Home · Acme Documentation');
  });

  it('names a search by its words, from the route or the query', () => {
    expect(pageName('/search/restore a VM', '', 'restore a VM')).toBe('Search: restore a VM');
    expect(pageName('/search', '?searchString=backup', undefined)).toBe('Search: backup');
    expect(pageName('/search', '', undefined)).toBe('Search');
  });
});
