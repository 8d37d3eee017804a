import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_BOOTSTRAP, readBootstrap } from './bootstrap';

function addBootstrap(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'portal-bootstrap';
  script.textContent = text;
  document.head.append(script);
}

describe('readBootstrap', () => {
  it('reads what the server injected into the page', () => {
    addBootstrap(
      JSON.stringify({
        basePath: '/manuals/',
        productName: 'Globex Docs',
        companyName: 'Globex',
        supportSiteHost: 'help.globex.example',
      }),
    );
    expect(readBootstrap()).toEqual({
      basePath: '/manuals',
      productName: 'Globex Docs',
      companyName: 'Globex',
      supportSiteHost: 'help.globex.example',
    });
  });

  it('falls back to the defaults without the element', () => {
    expect(readBootstrap()).toEqual(DEFAULT_BOOTSTRAP);
    expect(DEFAULT_BOOTSTRAP.basePath).toBe('/docs');
  });

  it('logs and falls back to the defaults when the element is malformed', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    addBootstrap('{"basePath": 3}');
    expect(readBootstrap()).toEqual(DEFAULT_BOOTSTRAP);
    document.getElementById('portal-bootstrap')?.remove();
    addBootstrap('not json');
    expect(readBootstrap()).toEqual(DEFAULT_BOOTSTRAP);
    expect(error).toHaveBeenCalledTimes(2);
  });
});
