import { describe, expect, it } from 'vitest';
import { docsBase, homePageUrl, resolveDocLink, type PageLocation } from './docsBase';

function at(pathname: string, protocol = 'https:', host = 'docs.acme.example'): PageLocation {
  return { protocol, host, pathname, search: '', hash: '' };
}

describe('docsBase', () => {
  it('is protocol and host plus the base path when the page path starts with it', () => {
    expect(docsBase(at('/docs/ui/search/x'), '/docs')).toBe('https://docs.acme.example/docs');
    expect(docsBase(at('/docs'), '/docs')).toBe('https://docs.acme.example/docs');
  });

  it('is only protocol and host when the page path does not start with the base path', () => {
    expect(docsBase(at('/ui/'), '/docs')).toBe('https://docs.acme.example');
    expect(docsBase(at('/docsets/x'), '/docs')).toBe('https://docs.acme.example');
    expect(docsBase(at('/docs/ui/', 'http:', '127.0.0.1:8080'), '/docs')).toBe(
      'http://127.0.0.1:8080/docs',
    );
  });

  it('places the documentation home page under it', () => {
    expect(homePageUrl(at('/docs/ui/'), '/docs')).toBe(
      'https://docs.acme.example/docs/HomePage/Content/home.htm',
    );
  });
});

describe('resolveDocLink', () => {
  const page = at('/docs/ui/');

  it('resolves documentation paths against the docs base', () => {
    expect(resolveDocLink('/WebHelios/Content/Helios/Intro.htm', page, '/docs')).toEqual({
      href: 'https://docs.acme.example/docs/WebHelios/Content/Helios/Intro.htm',
      external: false,
    });
  });

  it('keeps absolute https URLs and marks other sites as external', () => {
    expect(resolveDocLink('https://github.com/acme', page, '/docs')).toEqual({
      href: 'https://github.com/acme',
      external: true,
    });
    expect(resolveDocLink('https://docs.acme.example/x', page, '/docs')?.external).toBe(false);
  });

  it('refuses scripts, plain http, protocol-relative and relative addresses', () => {
    for (const path of [
      'javascript:alert(1)',
      'http://acme.example',
      '//evil.example/x',
      'x.htm',
    ]) {
      expect(resolveDocLink(path, page, '/docs')).toBeNull();
    }
  });
});
