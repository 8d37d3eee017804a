/**
 * A small HTTP client that keeps cookies like a browser (name, path prefix) and follows redirects
 * step by step, so tests can drive the real sign-in flow over HTTP and look at every hop.
 */
export class BrowserlikeClient {
  /** Cookies by name: value and path. */
  readonly cookies = new Map<string, { value: string; path: string }>();

  constructor(readonly origin: string) {}

  private cookieHeader(url: URL): string {
    return [...this.cookies]
      .filter(
        ([, c]) =>
          url.pathname === c.path ||
          url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) ||
          c.path === '/',
      )
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  private storeCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const eq = (pair ?? '').indexOf('=');
      const name = (pair ?? '').slice(0, eq);
      const value = (pair ?? '').slice(eq + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired =
        attributes.some((a) => /^expires=thu, 01 jan 1970/i.test(a)) ||
        attributes.some((a) => /^max-age=0$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }

  /** One request, no redirect following; cookies sent and stored. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.origin);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(target);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.storeCookies(response);
    return response;
  }

  /**
   * Follows redirects from `url` until a non-redirect answer or a location accepted by `stopAt`.
   * Returns the last response and every location visited.
   */
  async follow(
    url: string,
    options: { init?: RequestInit; stopAt?: (location: string) => boolean; maxHops?: number } = {},
  ): Promise<{ response: Response; locations: string[]; url: string }> {
    const locations: string[] = [];
    let current = url;
    let response = await this.request(current, options.init);
    for (let hop = 0; hop < (options.maxHops ?? 15); hop++) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) break;
      locations.push(location);
      if (options.stopAt?.(location)) break;
      current = new URL(location, new URL(current, this.origin)).href;
      response = await this.request(current);
    }
    return { response, locations, url: current };
  }
}
