import { IconError } from './IconError';

const cache = new Map<string, Promise<string>>();

/** True when `url` is on the page's own origin (the only icons the app trusts). */
export function isTrustedIconUrl(url: string): boolean {
  try {
    return new URL(url, document.baseURI).origin === window.location.origin;
  } catch {
    return false;
  }
}

async function fetchIcon(url: string): Promise<string> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (response.status === 404) {
    throw new IconError('not_found', `Unable to find icon at "${url}".`);
  }
  if (!response.ok) {
    throw new IconError('not_found', `Could not load icon at "${url}" (HTTP ${response.status}).`);
  }
  const text = await response.text();
  // The sanitiser (DOMPurify) loads with the first icon, keeping it off the first page load.
  const { sanitizeSvg } = await import('./sanitizeSvg');
  return sanitizeSvg(text);
}

/**
 * Fetches an SVG icon as text and sanitises it; the result is cached per URL (failures are not,
 * so a later draw retries). Rejects with {@link IconError} for untrusted URLs and missing icons.
 */
export function loadSvgIcon(url: string): Promise<string> {
  if (!isTrustedIconUrl(url)) {
    return Promise.reject(new IconError('untrusted_url', `Untrusted icon URL: "${url}".`));
  }
  let pending = cache.get(url);
  if (!pending) {
    pending = fetchIcon(url);
    cache.set(url, pending);
    pending.catch(() => cache.delete(url));
  }
  return pending;
}

/** Forgets every cached icon (tests). */
export function clearIconCache(): void {
  cache.clear();
}
