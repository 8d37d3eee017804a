import {
  HOSTILE_PORTAL_PATHS,
  SAFE_PORTAL_PATHS,
  TABLE_BASE_PATH,
} from '@docs-portal/contracts/testing';
import { describe, expect, it } from 'vitest';
import { signInUrls } from './signInUrls';

describe('signInUrls', () => {
  it('points at the two sign-in starts without a return address when there is no redirectPath', () => {
    expect(signInUrls('/docs', null, '#ignored')).toEqual({
      sso: '/docs/auth/salesforce',
      employee: '/docs/auth/employee',
    });
  });

  it('adds the encoded redirectPath as return', () => {
    expect(signInUrls('/docs', '/docs/ui/search/a%20b?x=1', '').sso).toBe(
      '/docs/auth/salesforce?return=%2Fdocs%2Fui%2Fsearch%2Fa%2520b%3Fx%3D1',
    );
  });

  it('appends the encoded fragment, hash sign included, after the redirectPath', () => {
    expect(signInUrls('/docs', '/docs/HomePage/Content/home.htm', '#Install & run')).toEqual({
      sso: '/docs/auth/salesforce?return=%2Fdocs%2FHomePage%2FContent%2Fhome.htm%23Install%20%26%20run',
      employee:
        '/docs/auth/employee?return=%2Fdocs%2FHomePage%2FContent%2Fhome.htm%23Install%20%26%20run',
    });
  });

  it.each(HOSTILE_PORTAL_PATHS)('drops a redirectPath that is $trick: $value', ({ value }) => {
    expect(signInUrls(TABLE_BASE_PATH, value, '#top')).toEqual({
      sso: '/docs/auth/salesforce',
      employee: '/docs/auth/employee',
    });
  });

  it.each(SAFE_PORTAL_PATHS)('carries the safe redirectPath $value', ({ value, path }) => {
    const { sso } = signInUrls(TABLE_BASE_PATH, value, '');
    expect(new URL(sso, 'https://docs.example.com').searchParams.get('return')).toBe(path);
  });
});
