import type { DocSetConfig } from '../config/schema';

/**
 * The configured doc set whose mount holds `url` (a path on this origin, with or without query and
 * fragment; dot segments are resolved first), or undefined when the path is outside every mount.
 * Mounts never overlap (the config refuses it), so at most one doc set matches. Mount names are
 * plain path segments, so a percent-encoded spelling of one matches nothing: callers treat
 * undefined as "no doc set the reader may read".
 */
export function docSetAtPath(
  docSets: readonly DocSetConfig[],
  basePath: string,
  url: string,
): DocSetConfig | undefined {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://portal.invalid').pathname;
  } catch {
    return undefined;
  }
  const base = basePath.replace(/\/+$/, '');
  return docSets.find((docSet) => {
    const prefix = `${base}/${docSet.mount}`;
    return pathname === prefix || pathname.startsWith(`${prefix}/`);
  });
}
