import {
  HOSTILE_PORTAL_PATHS,
  SAFE_PORTAL_PATHS,
  TABLE_BASE_PATH,
} from '@docs-portal/contracts/testing';
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './returnPath';

const check = (value: unknown) => safeReturnPath(value, TABLE_BASE_PATH);

describe('safeReturnPath', () => {
  it.each(SAFE_PORTAL_PATHS)('keeps the same-origin path $value', ({ value, path }) => {
    expect(check(value)).toBe(path);
  });

  it.each(HOSTILE_PORTAL_PATHS)(
    'refuses $trick $value and falls back to the web app',
    ({ value }) => {
      expect(check(value)).toBe('/docs/ui/');
    },
  );

  it.each([undefined, 42, ['/docs/ui/'], { path: '/docs/ui/' }])(
    'refuses the non-string %j (a repeated or structured parameter)',
    (value) => {
      expect(check(value)).toBe('/docs/ui/');
    },
  );
});
