import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

afterEach(() => {
  document.querySelectorAll('[data-docs-portal="search-overlay"]').forEach((node) => node.remove());
});

function overlayDialog(): HTMLDialogElement | null {
  const host = document.querySelector('[data-docs-portal="search-overlay"]');
  return host?.shadowRoot?.querySelector('dialog') ?? null;
}

describe('SearchOverlayShortcuts', () => {
  it('opens the search overlay framing the newer client on Ctrl-K from the home page', async () => {
    renderApp('/docs/ui/');
    await screen.findByRole('banner');
    expect(overlayDialog()).toBeNull();
    expect(fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true })).toBe(false);
    await waitFor(() => expect(overlayDialog()?.open).toBe(true));
    const frame = overlayDialog()?.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('/docs/search-client/v2/index.html');
    expect(frame?.title).toBe('Search the documentation');
  });

  it('leaves / alone while the reader types in a field', async () => {
    renderApp('/docs/ui/');
    await screen.findByRole('banner');
    const field = document.createElement('input');
    document.body.append(field);
    // fireEvent answers false when a listener called preventDefault (the shortcut was taken).
    expect(fireEvent.keyDown(field, { key: '/' })).toBe(true);
    expect(fireEvent.keyDown(document.body, { key: '/' })).toBe(false);
    field.remove();
  });
});
