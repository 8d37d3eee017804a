import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, json, portalHandlers } from '../../test/fakeServer';
import { HOME } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

describe('HomePage', () => {
  it('shows each techdocs group with its heading linking to the first link, and its links', async () => {
    const { fetchMock } = renderApp('/docs/ui/');
    const heading = await screen.findByRole('heading', { level: 3, name: 'Technical Guides' });
    expect(within(heading).getByRole('link').getAttribute('href')).toBe(
      'http://portal.test/docs/Content/TechGuides/TechnicalGuides.htm',
    );
    expect(screen.getByRole('link', { name: 'Helios overview' }).getAttribute('href')).toBe(
      'http://portal.test/docs/WebHelios/Content/Helios/Overview.htm',
    );
    const security = screen.getByRole('heading', { level: 3, name: 'Security' });
    expect(within(security).getByRole('link').getAttribute('href')).toBe(
      'http://portal.test/docs/6_5/Web/UserGuide/Content/Security.htm',
    );
    expect(callsTo(fetchMock, '/docs/techdocs/links')).toBe(1);
    expect(callsTo(fetchMock, '/docs/environment')).toBe(1);
  });

  it('opens the search route with the typed string from the search box', async () => {
    renderApp('/docs/ui/');
    const box = await screen.findByRole('combobox', { name: 'Search the documentation' });
    fireEvent.change(box, { target: { value: ' restore a VM/disk ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(window.location.pathname).toBe('/docs/ui/search/restore%20a%20VM%2Fdisk');
    expect(await screen.findByTitle('Documentation search')).toBeTruthy();
  });

  it('offers the suggest API’s titles and completions for what is typed, in the box’s list', async () => {
    const asked: string[] = [];
    renderApp('/docs/ui/', {
      ...portalHandlers(),
      '/docs/search/suggest': (request) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        asked.push(q);
        return json({
          query: q,
          suggestions: [
            { kind: 'title', text: 'Ransomware Anomaly Detection', url: '/docs/a.htm' },
            { kind: 'query', text: 'anomaly' },
            { kind: 'query', text: 'anomaly' },
            { kind: 'query', text: 'anomalies' },
          ],
        });
      },
    });
    const box = await screen.findByRole('combobox', { name: 'Search the documentation' });
    fireEvent.change(box, { target: { value: 'anom' } });
    const list = document.getElementById(box.getAttribute('list') ?? '') as HTMLDataListElement;
    await waitFor(() =>
      expect([...list.options].map((option) => option.value)).toEqual([
        'Ransomware Anomaly Detection',
        'anomaly',
        'anomalies',
      ]),
    );
    expect(asked).toEqual(['anom']);
    fireEvent.change(box, { target: { value: '  ' } });
    await waitFor(() => expect(list.options).toHaveLength(0));
    expect(asked).toEqual(['anom']);
  });

  it('offers no suggestions when the suggest API fails, and keeps the box working', async () => {
    let failing = false;
    const { fetchMock } = renderApp('/docs/ui/', {
      ...portalHandlers(),
      '/docs/search/suggest': (request) =>
        failing
          ? json({ code: 'unavailable', message: 'down' }, 503)
          : json({
              query: '',
              suggestions: [
                { kind: 'query', text: new URL(request.url).searchParams.get('q') + 'aly' },
              ],
            }),
    });
    const box = await screen.findByRole('combobox', { name: 'Search the documentation' });
    const list = document.getElementById(box.getAttribute('list') ?? '') as HTMLDataListElement;
    fireEvent.change(box, { target: { value: 'anom' } });
    await waitFor(() => expect(list.options).toHaveLength(1));
    failing = true;
    fireEvent.change(box, { target: { value: 'anoma' } });
    await waitFor(() => expect(callsTo(fetchMock, '/docs/search/suggest')).toBe(2));
    await waitFor(() => expect(list.options).toHaveLength(0));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(window.location.pathname).toBe('/docs/ui/search/anoma');
  });

  it('says so when the techdocs links cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/docs/ui/', {
      ...portalHandlers(),
      '/docs/techdocs/links': () => json({ code: 'x', message: 'down' }, 503),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/documentation links could not be loaded/);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('lists the doc sets with versions, the most opened pages and the latest releases', async () => {
    renderApp('/docs/ui/');
    const docSets = await screen.findByRole('region', { name: 'Your documentation' });
    const helios = await within(docSets).findByRole('link', { name: 'Helios Guide' });
    expect(helios.getAttribute('href')).toBe('http://portal.test/docs/WebHelios/');
    expect(within(docSets).getByText('Version 6.5')).toBeTruthy();
    const popular = screen.getByRole('region', { name: 'Most opened this month' });
    expect(
      within(popular).getByRole('link', { name: 'Helios Overview' }).getAttribute('href'),
    ).toBe('http://portal.test/docs/WebHelios/Content/Helios/Overview.htm');
    const recent = screen.getByRole('region', { name: 'Recently published' });
    expect(within(recent).getByText('Nov 22, 2026')).toBeTruthy();
  });

  it('offers a retry when the home lists fail, and shows them after it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    renderApp('/docs/ui/', {
      ...portalHandlers(),
      '/docs/home': () => (fail ? json({ code: 'x', message: 'down' }, 503) : json(HOME)),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This list could not be loaded.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Helios Guide' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
