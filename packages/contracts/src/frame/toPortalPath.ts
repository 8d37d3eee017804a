/**
 * Resolves `url` to a path (with query and fragment) when it is on `origin` under `basePath`;
 * `null` for anything else (other origins, other schemes, backslash tricks, control characters,
 * paths outside). Both sides of the frame protocol use it before opening a portal page.
 */
export function toPortalPath(url: string, origin: string, basePath: string): string | null {
  // Browsers read a backslash as a slash; refuse it, and control characters, outright.
  if (
    url.includes('\\') ||
    [...url].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
  ) {
    return null;
  }
  let target: URL;
  try {
    target = new URL(url, `${origin}/`);
  } catch {
    return null;
  }
  if (target.origin !== origin) return null;
  const base = basePath.replace(/\/+$/, '');
  if (base !== '' && target.pathname !== base && !target.pathname.startsWith(`${base}/`)) {
    return null;
  }
  return target.pathname + target.search + target.hash;
}
