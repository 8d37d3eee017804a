/**
 * Whether `referrer` is a page of the vendor's support site, so the login page may start single
 * sign-on by itself (SPEC.md section 4). The referrer's host name must equal `supportSiteHost` or
 * be a subdomain of it (`kb.support.acme-data.example` counts, since the support site's own
 * subdomains are the vendor's); the host merely appearing elsewhere in the address (a query, a
 * path, `support.acme-data.example.evil.example`) does not. Only http(s) referrers count. When
 * `supportSiteHost` carries a port, the referrer's port must match too. Letter case and a
 * trailing dot on either side are ignored.
 */
export function isSupportSiteReferrer(referrer: string, supportSiteHost: string): boolean {
  const wanted = supportSiteHost.trim().toLowerCase().replace(/\.$/, '');
  if (wanted === '' || referrer === '') return false;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const withPort = /:\d+$/.test(wanted);
  const wantedName = withPort ? wanted.replace(/:\d+$/, '') : wanted;
  if (withPort && url.port !== wanted.slice(wantedName.length + 1)) return false;
  const name = url.hostname.toLowerCase().replace(/\.$/, '');
  return name === wantedName || name.endsWith(`.${wantedName}`);
}
