import { describe, expect, it } from 'vitest';
import { HOSTILE_PORTAL_PATHS, SAFE_PORTAL_PATHS, TABLE_BASE_PATH } from '../testing';
import { safePortalPath } from './safePortalPath';

describe('safePortalPath', () => {
  it('is held to a table of at least 60 hostile values, each kind of trick represented', () => {
    expect(HOSTILE_PORTAL_PATHS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(HOSTILE_PORTAL_PATHS.map((entry) => entry.value)).size).toBe(
      HOSTILE_PORTAL_PATHS.length,
    );
    expect(new Set(HOSTILE_PORTAL_PATHS.map((entry) => entry.trick))).toEqual(
      new Set([
        'absolute URL',
        'protocol-relative URL',
        'backslash',
        'encoded separator or dot',
        'double encoding',
        'whitespace or control character',
        'script or data scheme',
        '@ trick',
        'unicode look-alike',
        'outside the base path',
        'not a path',
      ]),
    );
  });

  it.each(HOSTILE_PORTAL_PATHS)('refuses $trick: $value', ({ value }) => {
    expect(safePortalPath(value, TABLE_BASE_PATH)).toBeNull();
  });

  it.each(SAFE_PORTAL_PATHS)('accepts $value as $path', ({ value, path }) => {
    expect(safePortalPath(value, TABLE_BASE_PATH)).toBe(path);
  });

  it.each([undefined, null, 42, ['/docs/ui/'], { toString: () => '/docs/ui/' }])(
    'refuses the non-string %j',
    (value) => {
      expect(safePortalPath(value, TABLE_BASE_PATH)).toBeNull();
    },
  );

  it('reads a base path with a trailing slash like one without, and an empty one as the whole origin', () => {
    expect(safePortalPath('/docs/a', '/docs/')).toBe('/docs/a');
    expect(safePortalPath('/docsx', '/docs/')).toBeNull();
    expect(safePortalPath('/any/page', '')).toBe('/any/page');
    expect(safePortalPath('//evil.example/any', '')).toBeNull();
  });

  it('never returns anything a browser would read as another origin or a header break', () => {
    for (const { value } of SAFE_PORTAL_PATHS) {
      const path = safePortalPath(value, TABLE_BASE_PATH) ?? '';
      expect(new URL(path, 'https://docs.example.com').origin).toBe('https://docs.example.com');
      expect(path).not.toMatch(/[\s\\<>"]/);
    }
  });
});
