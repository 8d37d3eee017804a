import { describe, expect, it } from 'vitest';
import { parseDocPath } from './requestPath';

describe('parseDocPath', () => {
  it.each([
    ['Content/Jobs/Create.htm', { relative: 'Content/Jobs/Create.htm', folder: false }],
    [
      'Content/Guide%20Topics/%C3%9Cber.htm',
      { relative: 'Content/Guide Topics/Über.htm', folder: false },
    ],
    ['Content/', { relative: 'Content', folder: true }],
    ['', { relative: '', folder: true }],
    ["a-b_c~d!$&'()*+,;=:@.htm", { relative: "a-b_c~d!$&'()*+,;=:@.htm", folder: false }],
  ])('decodes the plain path %s', (raw, expected) => {
    expect(parseDocPath(raw)).toEqual(expected);
  });

  it.each([
    ['a backslash', 'Content\\x.htm'],
    ['an encoded slash', 'Content%2Fx.htm'],
    ['an encoded backslash', 'Content%5cx.htm'],
    ['an encoded dot', '%2e%2e/x.htm'],
    ['double encoding', '%252e%252e/x.htm'],
    ['an encoded NUL', 'x.htm%00.png'],
    ['an encoded control character', 'x%0a.htm'],
    ['a broken escape', 'x%2.htm'],
    ['overlong UTF-8', '%c0%ae%c0%ae/x.htm'],
    ['a lone continuation byte', '%80x.htm'],
    ['a dot segment', 'Content/../x.htm'],
    ['a current-folder segment', './x.htm'],
    ['a dotfile', '.htaccess'],
    ['a dot-folder', 'Content/.git/config'],
    ['an empty segment', 'Content//x.htm'],
    ['a raw space', 'Content/a b.htm'],
    ['a raw non-ASCII character', 'Content/\u00dcber.htm'],
    ['a raw quote', 'Content/"x".htm'],
    ['an over-long path', `${'a/'.repeat(1100)}x`],
  ])('refuses %s', (_why, raw) => {
    expect(parseDocPath(raw)).toBeNull();
  });
});
