/** The parts of `window.location` the address rules read. */
export type PageLocation = Pick<Location, 'protocol' | 'host' | 'pathname' | 'search' | 'hash'>;

/**
 * The documentation base address (SPEC.md section 2): the current protocol and host, plus the
 * base path prefix when the page path starts with it (`https://host/docs` on `/docs/ui/`).
 */
export function docsBase(location: PageLocation, basePath: string): string {
  const origin = `${location.protocol}//${location.host}`;
  const underBase =
    basePath !== '' &&
    (location.pathname === basePath || location.pathname.startsWith(`${basePath}/`));
  return underBase ? origin + basePath : origin;
}

/** The documentation home page: the bare-path redirect and the logo point here. */
export function homePageUrl(location: PageLocation, basePath: string): string {
  return `${docsBase(location, basePath)}/HomePage/Content/home.htm`;
}

/** A link target resolved for rendering. */
export interface ResolvedLink {
  /** The address to put in `href`. */
  href: string;
  /** True for a page on another site (opened in a new tab, without referrer). */
  external: boolean;
}

/**
 * Resolves a configured link: a path starting with `/` is a documentation page under
 * {@link docsBase}; an absolute `https:` URL is used as is. Anything else yields `null`.
 */
export function resolveDocLink(
  path: string,
  location: PageLocation,
  basePath: string,
): ResolvedLink | null {
  if (path.startsWith('/') && !path.startsWith('//')) {
    return { href: docsBase(location, basePath) + path, external: false };
  }
  try {
    const url = new URL(path);
    if (url.protocol !== 'https:') return null;
    return { href: url.href, external: url.host !== location.host };
  } catch {
    return null;
  }
}
