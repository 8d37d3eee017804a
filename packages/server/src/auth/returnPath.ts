/**
 * Decides where a reader goes after sign-in. Only a same-origin path under the base path is
 * accepted; anything else (absolute or protocol-relative URLs, backslashes, control characters,
 * scheme tricks, encoded or space-prefixed variants, dot segments escaping the base path) falls back
 * to the web app's root. The fragment, when present, is kept.
 */
export function safeReturnPath(candidate: unknown, basePath: string, publicUrl: string): string {
  const fallback = `${basePath}/ui/`;
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048)
    return fallback;
  // Reject before any decoding: the raw value must itself be a plain absolute path.
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f\s]/.test(candidate)) return fallback;
  // Encoded slashes/backslashes/controls could be decoded by some hop into `//host` or `\host`.
  if (/%(2f|5c|0[0-9a-f]|1[0-9a-f]|7f|25)/i.test(candidate.split(/[?#]/)[0] ?? '')) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, publicUrl);
  } catch {
    return fallback;
  }
  const origin = new URL(publicUrl).origin;
  if (url.origin !== origin) return fallback;
  if (url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
