import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, json, portalHandlers, unauthorized } from '../../test/fakeServer';
import { ENVIRONMENT, USER } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

describe('Header failure states', () => {
  it('says the product links failed and brings them back on Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const { fetchMock } = renderApp('/docs/ui/', {
      ...portalHandlers(),
      '/docs/environment': () =>
        fail ? json({ code: 'x', message: 'down' }, 503) : json(ENVIRONMENT),
    });
    const banner = await screen.findByRole('banner');
    const alert = await within(banner).findByRole('alert');
    expect(alert.textContent).toContain('The product links could not be loaded.');
    expect(within(banner).queryByRole('tab')).toBeNull();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(banner).findByRole('tab', { name: 'Data Platform' })).toBeTruthy();
    expect(within(banner).queryByRole('alert')).toBeNull();
    expect(callsTo(fetchMock, '/docs/environment')).toBe(2);
  });

  it('says the account details failed and shows the name after Retry', async () => {
    let fail = true;
    renderApp('/docs/ui/', {
      ...portalHandlers(),
      '/docs/user': () => (fail ? json({ code: 'internal', message: 'Boom' }, 500) : json(USER)),
    });
    const banner = await screen.findByRole('banner');
    const alert = await within(banner).findByRole('alert');
    expect(alert.textContent).toContain('Your account details could not be loaded.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(banner).findByText(USER.displayName)).toBeTruthy();
    expect(screen.getByRole('banner')).toBe(banner);
    expect(within(banner).getByRole('link', { name: 'Logout' })).toBeTruthy();
  });

  it('does not mount the shell, nor call the API again, when the user check answers 401', async () => {
    const { fetchMock } = renderApp('/docs/ui/', {
      ...portalHandlers(),
      '/docs/user': unauthorized,
    });
    await waitFor(() => expect(window.location.pathname).toBe('/docs/ui/login'));
    expect(callsTo(fetchMock, '/docs/environment')).toBe(0);
    expect(callsTo(fetchMock, '/docs/techdocs/links')).toBe(0);
    expect(callsTo(fetchMock, '/docs/home')).toBe(0);
  });
});

describe('Header analytics link', () => {
  it('links employees to the analytics page and shows customers no such link', async () => {
    for (const canSeeAnalytics of [true, false]) {
      const { unmount } = renderApp('/docs/ui/', {
        ...portalHandlers(),
        '/docs/user': () => json({ ...USER, canSeeAnalytics }),
      });
      const banner = await screen.findByRole('banner');
      await within(banner).findByRole('link', { name: 'Logout' });
      const link = within(banner).queryByRole('link', { name: 'Analytics' });
      if (canSeeAnalytics) expect(link?.getAttribute('href')).toBe('/docs/analytics');
      else expect(link).toBeNull();
      unmount();
    }
  });
});
