import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../test/fakeServer';
import { renderApp, renderWithPortal } from '../../test/renderApp';
import { startApp } from '../app/startApp';
import { browser } from '../portal/browser';
import { copyrightText } from './Footer';
import { Shell } from './Shell';

describe('Shell', () => {
  it('shows the header with logo, user name and Logout, the content and the footer', async () => {
    renderApp('/docs/ui/');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByText('Casey Customer')).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe(
      '/docs/logout',
    );
    expect(
      within(header).getByRole('link', { name: 'Acme Documentation' }).getAttribute('href'),
    ).toBe('http://portal.test/docs/HomePage/Content/home.htm');
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toBe(
      `© ${new Date().getFullYear()} Acme Data Inc. All Rights Reserved.`,
    );
  });

  it('writes the copyright line with the given year and company', () => {
    expect(copyrightText('Globex', 2031)).toBe('© 2031 Globex Inc. All Rights Reserved.');
  });

  it('redirects the bare path "/" to the documentation home page instead of showing itself', () => {
    const replace = vi.spyOn(browser, 'replace').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/');
    renderWithPortal(<Shell />);
    expect(replace).toHaveBeenCalledWith('http://portal.test/HomePage/Content/home.htm');
    expect(screen.queryByRole('banner')).toBeNull();
  });
});

describe('startApp', () => {
  it('redirects the bare path "/" to the documentation home page', () => {
    const replace = vi.spyOn(browser, 'replace').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/');
    startApp(document.createElement('div'));
    expect(replace).toHaveBeenCalledWith('http://portal.test/HomePage/Content/home.htm');
  });

  it('starts the app, reading the page title from the bootstrap, and treats {basePath}/ui as the root', async () => {
    stubServer();
    window.history.replaceState(null, '', '/docs/ui?x=1#top');
    const container = document.createElement('div');
    const root = startApp(container);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/docs/ui/?x=1#top',
    );
    expect(document.title).toBe('Acme Documentation');
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Welcome, Casey'));
    act(() => root?.unmount());
  });

  it('only logs a failure while starting', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => startApp(null)).not.toThrow();
    expect(error).toHaveBeenCalledWith(
      'The documentation portal could not start.',
      expect.any(Error),
    );
  });
});
