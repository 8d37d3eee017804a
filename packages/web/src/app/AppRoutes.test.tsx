import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, json, portalHandlers, unauthorized } from '../../test/fakeServer';
import { USER } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

describe('routes', () => {
  it('redirects an unknown route to the root (the home page)', async () => {
    renderApp('/docs/ui/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeTruthy();
    expect(window.location.pathname).toMatch(/^\/docs\/ui\/?$/);
  });

  it('opens the login page without fetching the user', async () => {
    const { fetchMock } = renderApp('/docs/ui/login');
    expect(await screen.findByRole('button', { name: 'Click to sign in' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the shell guard', () => {
  it('waits for the user fetch before showing the shell', async () => {
    const user = deferred<Response>();
    renderApp('/docs/ui/', { ...portalHandlers(), '/docs/user': () => user.promise });
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('main')).toBeNull();
    user.resolve(json(USER));
    expect(await screen.findByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('lets the reader in even when the user fetch fails, without the user block', async () => {
    renderApp('/docs/ui/', {
      ...portalHandlers(),
      '/docs/user': () => json({ code: 'internal', message: 'Boom' }, 500),
    });
    expect(await screen.findByRole('banner')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Logout' })).toBeNull();
    expect(screen.queryByText(USER.displayName)).toBeNull();
  });
});

describe('the 401 rule in the app', () => {
  it('sends the reader to the login page with redirectPath and fragment', async () => {
    renderApp('/docs/ui/search/backup?product=Helios#results', {
      ...portalHandlers(),
      '/docs/user': unauthorized,
    });
    expect(await screen.findByRole('button', { name: 'Click to sign in' })).toBeTruthy();
    expect(window.location.pathname).toBe('/docs/ui/login');
    expect(new URLSearchParams(window.location.search).get('redirectPath')).toBe(
      '/docs/ui/search/backup?product=Helios',
    );
    expect(window.location.hash).toBe('#results');
    expect(screen.getByRole('link', { name: 'Employee sign-in' }).getAttribute('href')).toBe(
      `/docs/auth/employee?return=${encodeURIComponent('/docs/ui/search/backup?product=Helios')}${encodeURIComponent('#results')}`,
    );
  });

  it('adds no redirectPath when the page path ends in /ui/', async () => {
    renderApp('/docs/ui/', { ...portalHandlers(), '/docs/user': unauthorized });
    await waitFor(() => expect(window.location.pathname).toBe('/docs/ui/login'));
    expect(window.location.search).toBe('');
  });

  it('logs nothing but the failed environment when only the environment answers 401', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/docs/ui/', { ...portalHandlers(), '/docs/environment': unauthorized });
    await waitFor(() => expect(window.location.pathname).toBe('/docs/ui/login'));
    expect(error).toHaveBeenCalledWith(
      'Could not load the environment configuration.',
      expect.anything(),
    );
  });
});
