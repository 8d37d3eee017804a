import { describe, expect, it } from 'vitest';
import { isSupportSiteReferrer } from './supportSiteReferrer';

const HOST = 'support.acme-data.example';

describe('isSupportSiteReferrer', () => {
  it.each([
    'https://support.acme-data.example/',
    'https://support.acme-data.example/s/article/123?q=x#top',
    'http://support.acme-data.example',
    'https://SUPPORT.Acme-Data.example/s/',
    'https://support.acme-data.example./s/',
    'https://support.acme-data.example:8443/s/',
    'https://kb.support.acme-data.example/a',
    'https://eu.kb.support.acme-data.example/a',
  ])('accepts %s (the support host or one of its subdomains)', (referrer) => {
    expect(isSupportSiteReferrer(referrer, HOST)).toBe(true);
  });

  it.each([
    'https://evil.example/?q=support.acme-data.example',
    'https://evil.example/support.acme-data.example/page',
    'https://evil.example/#support.acme-data.example',
    'https://support.acme-data.example.evil.example/',
    'https://evilsupport.acme-data.example/',
    'https://acme-data.example/',
    'https://support.acme-data.example@evil.example/',
    'https://user:support.acme-data.example@evil.example/',
    'ftp://support.acme-data.example/',
    'javascript://support.acme-data.example/%0aalert(1)',
    'support.acme-data.example',
    'not a url',
    '',
  ])('refuses %s', (referrer) => {
    expect(isSupportSiteReferrer(referrer, HOST)).toBe(false);
  });

  it('refuses everything when no support host is configured', () => {
    expect(isSupportSiteReferrer('https://support.acme-data.example/', '')).toBe(false);
  });

  it('ignores case and a trailing dot in the configured host', () => {
    expect(
      isSupportSiteReferrer('https://support.acme-data.example/', 'Support.ACME-data.example.'),
    ).toBe(true);
  });

  it('demands the port when the configured host names one', () => {
    expect(isSupportSiteReferrer('https://help.example:8443/', 'help.example:8443')).toBe(true);
    expect(isSupportSiteReferrer('https://help.example/', 'help.example:8443')).toBe(false);
    expect(isSupportSiteReferrer('https://help.example:9443/', 'help.example:8443')).toBe(false);
  });
});
