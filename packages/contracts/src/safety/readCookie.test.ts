import { describe, expect, it } from 'vitest';
import { readCookie } from './readCookie';

describe('readCookie', () => {
  it('reads one cookie by its exact name, percent-decoded', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=tok%2Ben; b=2')).toBe('tok+en');
    expect(readCookie('XSRF-TOKEN', 'XSRF-TOKEN-OLD=no; XSRF-TOKEN=yes')).toBe('yes');
    expect(readCookie('XSRF-TOKEN', 'xXSRF-TOKEN=no')).toBe('');
  });

  it("answers '' when the cookie is missing, and the raw value when it is not valid encoding", () => {
    expect(readCookie('XSRF-TOKEN', 'other=1')).toBe('');
    expect(readCookie('XSRF-TOKEN', '')).toBe('');
    expect(readCookie('XSRF-TOKEN', 'XSRF-TOKEN=100%')).toBe('100%');
  });

  it('keeps an = inside the value', () => {
    expect(readCookie('t', 't=a=b')).toBe('a=b');
  });
});
