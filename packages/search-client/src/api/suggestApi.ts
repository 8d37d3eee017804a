/** Completions shown at most. */
export const MAX_COMPLETIONS = 4;
/** Completions asked of the API: one more, as the typed word itself may be one. */
const SUGGEST_LIMIT = MAX_COMPLETIONS + 1;

/** `{basePath}/search/suggest` for the search API at `{basePath}/search`, else null. */
export function suggestUrlOf(searchUrl: string): string | null {
  const path = searchUrl.split(/[?#]/)[0] ?? '';
  return path.endsWith('/search') ? `${path}/suggest` : null;
}

/**
 * The URL asking the suggest API for completions of `q`, and only those (`kind=query`): no page
 * is ranked for titles the client would not show.
 */
export function suggestRequestUrl(suggestUrl: string, q: string): string {
  const params = new URLSearchParams({ q, limit: String(SUGGEST_LIMIT), kind: 'query' });
  return `${suggestUrl}?${params.toString()}`;
}

/** One search text in reader terms: trimmed, spaces collapsed, lower case. */
function comparable(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The searches the suggest API proposes for `q` (`kind: 'query'`: `q` with its last word
 * completed), without `q` itself, at most {@link MAX_COMPLETIONS}. Page titles are left out: the
 * results below already show the pages. Anything but such an answer gives none.
 */
export function completionsOf(body: unknown, q: string): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const { suggestions } = body as { suggestions?: unknown };
  if (!Array.isArray(suggestions)) return [];
  const typed = comparable(q);
  const seen = new Set<string>([typed]);
  const completions: string[] = [];
  for (const item of suggestions as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { kind, text } = item as { kind?: unknown; text?: unknown };
    if (kind !== 'query' || typeof text !== 'string') continue;
    const key = comparable(text);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    completions.push(text.trim());
    if (completions.length === MAX_COMPLETIONS) break;
  }
  return completions;
}

/** What {@link fetchCompletions} needs. */
export interface SuggestOptions {
  /** The search API URL (`{basePath}/search`): suggestions come from `{basePath}/search/suggest`. */
  searchUrl: string;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
}

/**
 * Completions of the search being typed (see {@link completionsOf}). Suggestions are a help, not
 * the search: a failure of any kind gives none, and is not reported to the portal (the search
 * sent with it reports its own, a 401 included). An aborted `signal` rejects with the AbortError.
 */
export async function fetchCompletions(
  options: SuggestOptions,
  q: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const url = suggestUrlOf(options.searchUrl);
  if (url === null || q.trim() === '') return [];
  const doFetch = options.fetch ?? globalThis.fetch;
  try {
    const response = await doFetch(suggestRequestUrl(url, q), {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal,
    });
    if (!response.ok) return [];
    return completionsOf(await response.json(), q);
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}
