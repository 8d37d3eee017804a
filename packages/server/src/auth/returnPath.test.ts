import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './returnPath';

const origin = 'https://docs.example.com';
const check = (value: unknown) => safeReturnPath(value, '/docs', origin);

describe('safeReturnPath', () => {
  it.each([
    ['/docs/ui/', '/docs/ui/'],
    ['/docs/ui/search/restore%20jobs?x=1#frag', '/docs/ui/search/restore%20jobs?x=1#frag'],
    ['/docs/HomePage/Content/home.htm#section-2', '/docs/HomePage/Content/home.htm#section-2'],
    ['/docs/ui/search?searchString=a%2Fb', '/docs/ui/search?searchString=a%2Fb'],
  ])('keeps the same-origin path %j', (value, expected) => {
    expect(check(value)).toBe(expected);
  });

  it.each([
    undefined,
    '',
    42,
    ['/docs/ui/'],
    'https://evil.example/docs/ui/',
    'http://docs.example.com/docs/ui/',
    '//evil.example/docs/ui/',
    '///evil.example',
    '/\\evil.example',
    '\\/evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    ' /docs/ui/',
    '\t/docs/ui/',
    '/docs/ui/\n/evil',
    '%2F%2Fevil.example',
    '/%2F/evil.example',
    '/docs/%2e%2e%2f%2e%2e%2fevil',
    '/docs/..%2F..%2Fevil',
    '/docs/%252F%252Fevil',
    '/docs/../evil',
    '/docsevil/x',
    '/other',
    `/docs/${'a'.repeat(3000)}`,
  ])('refuses %j and falls back to the web app', (value) => {
    expect(check(value)).toBe('/docs/ui/');
  });
});
