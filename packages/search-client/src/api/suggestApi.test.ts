import { describe, expect, it, vi } from 'vitest';
import { completionsOf, fetchCompletions, suggestRequestUrl, suggestUrlOf } from './suggestApi';

describe('suggestUrlOf', () => {
  it('asks the suggest route beside the search API, and nothing for another URL', () => {
    expect(suggestUrlOf('/docs/search')).toBe('/docs/search/suggest');
    expect(suggestUrlOf('https://portal.example/kb/search?x=1')).toBe(
      'https://portal.example/kb/search/suggest',
    );
    expect(suggestUrlOf('/docs/find')).toBeNull();
  });

  it('sends the text encoded, asking for completions only, one more than it shows', () => {
    const url = new URL(suggestRequestUrl('/docs/search/suggest', 'a&b #c'), 'http://x.test');
    expect(url.searchParams.get('q')).toBe('a&b #c');
    expect(url.searchParams.get('kind')).toBe('query');
    expect(url.searchParams.get('limit')).toBe('5');
  });
});

describe('completionsOf', () => {
  it('keeps the completed searches, not titles, the typed text or repeats, four at most', () => {
    const body = {
      query: 'anom',
      suggestions: [
        { kind: 'title', text: 'Anomaly Detection', url: '/docs/a.htm' },
        { kind: 'query', text: 'anom' },
        { kind: 'query', text: 'anomaly' },
        { kind: 'query', text: ' Anomaly ' },
        { kind: 'query', text: 'anomalies' },
        { kind: 'query', text: 42 },
        { kind: 'query', text: 'anomalous' },
        { kind: 'query', text: 'anomaly-score' },
        { kind: 'query', text: 'anomic' },
      ],
    };
    expect(completionsOf(body, ' ANOM')).toEqual([
      'anomaly',
      'anomalies',
      'anomalous',
      'anomaly-score',
    ]);
  });

  it('gives none for an answer of another shape', () => {
    expect(completionsOf(null, 'a')).toEqual([]);
    expect(completionsOf({ suggestions: 'anomaly' }, 'a')).toEqual([]);
    expect(completionsOf({ hits: [] }, 'a')).toEqual([]);
  });
});

describe('fetchCompletions', () => {
  it('gives none when the API fails or cannot be reached, without throwing', async () => {
    const failing = vi.fn(async () => new Response('{}', { status: 503 }));
    expect(
      await fetchCompletions({ searchUrl: '/docs/search', fetch: failing as never }, 'anom'),
    ).toEqual([]);
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(
      await fetchCompletions({ searchUrl: '/docs/search', fetch: offline as never }, 'anom'),
    ).toEqual([]);
  });

  it('rejects when aborted, so an answer for older text is never shown', async () => {
    const controller = new AbortController();
    const fetch = vi.fn(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(
      fetchCompletions(
        { searchUrl: '/docs/search', fetch: fetch as never },
        'anom',
        controller.signal,
      ),
    ).rejects.toThrow('aborted');
  });
});
