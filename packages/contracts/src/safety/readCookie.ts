/**
 * The value of cookie `name` in a `document.cookie` string, percent-decoded (kept as sent when it
 * is not valid percent-encoding), or `''` when the cookie is not there. Names match exactly, so
 * `XSRF-TOKEN-OLD` never stands in for `XSRF-TOKEN`. The web app and the search clients read the
 * XSRF token with it.
 */
export function readCookie(name: string, cookies: string): string {
  for (const part of cookies.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return '';
}
