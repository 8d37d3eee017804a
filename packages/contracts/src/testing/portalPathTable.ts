/**
 * The shared table of paths for {@link safePortalPath}: every place that sends a browser to a path
 * from outside (sign-in `return`, the web app's `redirectPath`, the frame protocol, the analytics
 * click URL) is tested with it, so the four cannot drift apart. Values assume the base path
 * {@link TABLE_BASE_PATH} on the origin {@link TABLE_ORIGIN}.
 */

/** The base path the table is written for. */
export const TABLE_BASE_PATH = '/docs';

/** The portal's own origin in the table (absolute URLs to it are refused too: paths only). */
export const TABLE_ORIGIN = 'https://docs.example.com';

/** A value that must be refused, and what kind of trick it is. */
export interface HostilePortalPath {
  /** The value as an attacker would send it. */
  value: string;
  /** The kind of trick, for test names. */
  trick: string;
}

const hostile = (trick: string, values: string[]): HostilePortalPath[] =>
  values.map((value) => ({ value, trick }));

/** Values every use site must refuse (fall back, ignore, or answer 400). */
export const HOSTILE_PORTAL_PATHS: readonly HostilePortalPath[] = [
  ...hostile('absolute URL', [
    'https://evil.example/docs/ui/',
    'http://evil.example/docs',
    'HTTPS://EVIL.EXAMPLE/docs/ui/',
    `${TABLE_ORIGIN}/docs/ui/`,
    'http://docs.example.com/docs/ui/',
    'ftp://evil.example/docs/',
    'https:evil.example/docs/ui/',
    'http:/evil.example/docs/',
    'https:/\\evil.example/docs/',
  ]),
  ...hostile('protocol-relative URL', [
    '//evil.example/docs/ui/',
    '//evil.example',
    '///evil.example/docs/',
    '////evil.example/docs/',
    '//docs.example.com/docs/ui/',
  ]),
  ...hostile('backslash', [
    '/\\evil.example/docs/',
    '\\\\evil.example/docs/',
    '\\/evil.example/docs/',
    '/docs\\..\\evil',
    '/docs/ui/\\\\evil.example',
    '/docs/ui/?next=\\\\evil.example',
  ]),
  ...hostile('encoded separator or dot', [
    '%2F%2Fevil.example/docs/',
    '/%2F/evil.example',
    '/%2f%2fevil.example/docs/',
    '/docs/%2F%2Fevil.example',
    '/docs/..%2F..%2Fevil',
    '/docs/%2e%2e/evil',
    '/docs/%2E%2E%2Fevil',
    '/docs/ui/%2e%2e/%2e%2e/evil',
    '/docs/%5C%5Cevil.example',
    '/%5Cevil.example/docs/',
    '/docs/ui/%zz',
    '/docs/%c0%ae%c0%ae/evil',
  ]),
  ...hostile('double encoding', [
    '/docs/%252F%252Fevil.example',
    '/docs/%252e%252e/evil',
    '%252F%252Fevil.example/docs/',
    '/docs/%25252F%25252Fevil.example',
  ]),
  ...hostile('whitespace or control character', [
    '\t/docs/ui/',
    ' /docs/ui/',
    '/docs/ui/ ',
    '/\t/evil.example/docs/',
    '/\n/evil.example/docs/',
    '/docs/ui/\n//evil.example',
    '/docs/ui/\r\nSet-Cookie: stolen=1',
    '/docs/ui/%0d%0aSet-Cookie:%20stolen=1',
    '/docs/\u0000/ui/',
    '/docs/%00/ui/',
    '/docs/ui/\u007f',
    '/docs/ui/%7f',
    '/docs/ui/\u00a0',
    '/docs/ui/\u2028',
  ]),
  ...hostile('script or data scheme', [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'javascript://%0aalert(1)',
    'javascript:/docs/ui/',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'blob:https://evil.example/0b7e6f3c',
  ]),
  ...hostile('@ trick', [
    '//user@evil.example/docs/',
    `${TABLE_ORIGIN}@evil.example/docs/ui/`,
    'https://docs.example.com%40evil.example/docs/',
    '@evil.example/docs/',
    '//docs.example.com@evil.example/docs/',
  ]),
  ...hostile('unicode look-alike', [
    '\uff0f\uff0fevil.example/docs/',
    '/\uff0fevil.example/docs/',
    '\u2215\u2215evil.example/docs/',
    '/\u2215evil.example/docs/',
    '\u2044\u2044evil.example/docs/',
    '/docs\uff0f..\uff0fevil',
    '/\u217eocs/ui/',
    '/docs/ui/\u200b',
    '/docs/ui/\u202e',
    '\ufe68evil.example/docs/',
  ]),
  ...hostile('outside the base path', [
    '/',
    '/docsx',
    '/docs-evil/ui/',
    '/DOCS/ui/',
    '/other/docs/ui/',
    '/docs/../evil',
    '/docs/..',
    '/docs/ui/../../evil',
    '/docs/./../evil',
    '/dev-idp/auth',
    '/docs@evil.example',
  ]),
  ...hostile('not a path', [
    '',
    'docs/ui/',
    './docs/ui/',
    '../docs/ui/',
    '?next=/docs/ui/',
    '#/docs/ui/',
    `/docs/${'a'.repeat(2100)}`,
  ]),
];

/** Values every use site must accept, with the path it goes on with. */
export const SAFE_PORTAL_PATHS: ReadonlyArray<{ value: string; path: string }> = [
  { value: '/docs', path: '/docs' },
  { value: '/docs/ui/', path: '/docs/ui/' },
  {
    value: '/docs/ui/search/restore%20jobs?x=1#frag',
    path: '/docs/ui/search/restore%20jobs?x=1#frag',
  },
  {
    value: '/docs/HomePage/Content/home.htm#section-2',
    path: '/docs/HomePage/Content/home.htm#section-2',
  },
  { value: '/docs/ui/search?searchString=a%2Fb', path: '/docs/ui/search?searchString=a%2Fb' },
  {
    value: '/docs/guide/a.htm?Highlight=backup%20vm#s1',
    path: '/docs/guide/a.htm?Highlight=backup%20vm#s1',
  },
  {
    value: '/docs/6_5/Web/UserGuide/Content/ReleaseNotes/WhatsNew.htm',
    path: '/docs/6_5/Web/UserGuide/Content/ReleaseNotes/WhatsNew.htm',
  },
  { value: '/docs/ui/@reader', path: '/docs/ui/@reader' },
  { value: '/docs/ui/./search', path: '/docs/ui/search' },
];
