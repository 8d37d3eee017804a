import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo } from '../../test/fakeServer';
import { renderWithPortal } from '../../test/renderApp';
import { Icon } from './Icon';
import type { IconError } from './IconError';
import { CUSTOM_ICON_NAMES, registerIcon, resolveIcon, unregisterIcon } from './iconRegistry';
import { sanitizeSvg } from './sanitizeSvg';

// One line, script last: happy-dom's HTML parser drops a self-closed element that follows
// whitespace, and what follows a script inside an SVG.
const HOSTILE_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"',
  ' viewBox="0 0 24 24" width="99" onload="alert(1)">',
  '<defs><path id="p" d="M1 1h2"/><linearGradient id="g"/></defs>',
  '<text><textPath href="#p">on a path</textPath></text>',
  '<textPath xlink:href="https://evil.example/sprite.svg#x">far</textPath>',
  '<image href="https://evil.example/track.png"/>',
  '<foreignObject><div>html</div></foreignObject>',
  '<a href="javascript:alert(3)"><circle r="2"/></a>',
  '<circle r="3" fill="url(#g)"/>',
  '<rect width="4" height="4" fill="url(https://evil.example/f)" onclick="alert(4)"/>',
  '<script>alert(2)</script>',
  '</svg>',
].join('');

function renderIcon(props: { name: string; size?: number; label?: string }, svg?: string) {
  const onError = vi.fn<(error: IconError) => void>();
  const handlers =
    svg === undefined ? undefined : { '/docs/ui/icons/book.svg': () => new Response(svg) };
  const view = renderWithPortal(
    <Icon {...props} onError={onError} />,
    handlers ? { handlers } : {},
  );
  return { ...view, onError };
}

describe('Icon', () => {
  afterEach(() => unregisterIcon('remote'));

  it('draws a registered icon at 24px by default, hidden from assistive technology', async () => {
    const { container, fetchMock } = renderIcon({ name: 'aws' });
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    const box = container.firstElementChild as HTMLElement;
    expect(box.style.width).toBe('24px');
    expect(box.style.height).toBe('24px');
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(callsTo(fetchMock, '/docs/ui/icons/aws.svg')).toBe(1);
  });

  it('takes a size and an accessible name', async () => {
    const { container } = renderIcon({ name: 'book', size: 40, label: 'Guide' });
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    const box = container.firstElementChild as HTMLElement;
    expect(box.style.width).toBe('40px');
    expect(box.getAttribute('role')).toBe('img');
    expect(box.getAttribute('aria-label')).toBe('Guide');
  });

  it('fetches an icon once per URL however often it is drawn', async () => {
    const { container, fetchMock } = renderWithPortal(
      <>
        <Icon name="security" />
        <Icon name="security" size={16} />
      </>,
    );
    await waitFor(() => expect(container.querySelectorAll('svg')).toHaveLength(2));
    expect(callsTo(fetchMock, '/docs/ui/icons/security.svg')).toBe(1);
  });

  it('removes scripts, event handlers, foreignObject and external references before drawing', async () => {
    const { container } = renderIcon({ name: 'book' }, HOSTILE_SVG);
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    const html = container.innerHTML;
    expect(html).not.toMatch(/script|onload|onclick|foreignObject|evil\.example|javascript:/i);
    expect(html).toContain('href="#p"');
    expect(html).toContain('fill="url(#g)"');
    expect(container.querySelector('rect')).not.toBeNull();
    expect(container.querySelector('svg')?.hasAttribute('width')).toBe(false);
  });

  it('draws a fontawesome icon as a font glyph without fetching anything', () => {
    const { container, fetchMock } = renderIcon({ name: 'fontawesome:github' });
    const glyph = container.querySelector('i');
    expect(glyph?.className).toBe('portal-icon fa fa-github');
    expect(glyph?.style.fontSize).toBe('24px');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports an invalid name with more than one colon and draws nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container, onError } = renderIcon({ name: 'fontawesome:a:b' });
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(onError.mock.calls[0]?.[0].code).toBe('invalid_name');
    expect(error).toHaveBeenCalled();
    expect(container.innerHTML).toBe('');
  });

  it('reports an unknown name and a missing icon file as not found', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const unknown = renderIcon({ name: 'kubernetes' });
    await waitFor(() => expect(unknown.onError).toHaveBeenCalled());
    expect(unknown.onError.mock.calls[0]?.[0].code).toBe('not_found');
    unknown.unmount();

    registerIcon('remote', '/docs/ui/icons/missing.svg');
    const missing = renderWithPortal(<Icon name="remote" onError={unknown.onError} />);
    await waitFor(() => expect(unknown.onError).toHaveBeenCalledTimes(2));
    expect(unknown.onError.mock.calls[1]?.[0].code).toBe('not_found');
    expect(missing.container.innerHTML).toBe('');
  });

  it('refuses an icon from another origin without fetching it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    registerIcon('remote', 'https://cdn.example/icon.svg');
    const { container, onError, fetchMock } = renderIcon({ name: 'remote' });
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(onError.mock.calls[0]?.[0].code).toBe('untrusted_url');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe('');
  });

  it('keeps the page working around a failed icon', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { getByText } = renderWithPortal(
      <p>
        before <Icon name="a:b:c" /> after
      </p>,
    );
    expect(getByText(/before/).textContent).toBe('before  after');
  });
});

describe('the icon registry', () => {
  it('knows the nine custom icons, shipped under {basePath}/ui/icons', () => {
    expect([...CUSTOM_ICON_NAMES].sort()).toEqual(
      ['aws', 'azure', 'book', 'gcm', 'imanis', 'logo', 'security', 'techDoc', 'virtual'].sort(),
    );
    expect(resolveIcon('techDoc', '/docs')).toEqual({
      kind: 'svg',
      url: '/docs/ui/icons/techDoc.svg',
    });
  });

  it('refuses text that is not an SVG', () => {
    expect(() => sanitizeSvg('<p>hello</p>')).toThrow(/not an SVG/);
  });
});
