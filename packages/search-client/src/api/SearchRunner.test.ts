import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, searchResponse } from '../../test/fakeSearchApi';
import type { SearchApi, SearchOutcome, SearchQuery } from './searchApi';
import { SearchRunner, type SearchState } from './SearchRunner';

const q = (text: string): SearchQuery => ({ q: text, filters: {}, page: 1, pageSize: 8 });
const answer = (text: string): SearchOutcome => ({
  ok: true,
  response: searchResponse(text),
  roundTripMs: 5,
  url: `/docs/search?q=${text}`,
});

function controlledApi() {
  const pending = new Map<string, ReturnType<typeof deferred<SearchOutcome>>>();
  const signals = new Map<string, AbortSignal | undefined>();
  const api: SearchApi = {
    search: vi.fn((query: SearchQuery, signal?: AbortSignal) => {
      const d = deferred<SearchOutcome>();
      pending.set(query.q, d);
      signals.set(query.q, signal);
      return d.promise;
    }),
  };
  return { api, pending, signals };
}

describe('SearchRunner', () => {
  let states: SearchState[];
  beforeEach(() => {
    states = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts a typed search at once, then at most one per interval with the latest text', async () => {
    vi.useFakeTimers();
    const { api } = controlledApi();
    const runner = new SearchRunner(api, (s) => states.push(s), { debounceMs: 120 });
    const searched = () => vi.mocked(api.search).mock.calls.map((call) => call[0].q);
    runner.schedule(q('a'));
    expect(searched()).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(40);
    runner.schedule(q('ab'));
    await vi.advanceTimersByTimeAsync(40);
    runner.schedule(q('abc'));
    await vi.advanceTimersByTimeAsync(39);
    expect(searched()).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1);
    expect(searched()).toEqual(['a', 'abc']);
    await vi.advanceTimersByTimeAsync(10);
    runner.schedule(q('abcd'));
    await vi.advanceTimersByTimeAsync(109);
    expect(searched()).toEqual(['a', 'abc']);
    await vi.advanceTimersByTimeAsync(1);
    expect(searched()).toEqual(['a', 'abc', 'abcd']);
    await vi.advanceTimersByTimeAsync(200);
    runner.schedule(q('abcde'));
    expect(searched()).toEqual(['a', 'abc', 'abcd', 'abcde']);
  });

  it('asks nothing new for the query already shown, and drops the one waiting', async () => {
    vi.useFakeTimers();
    const { api } = controlledApi();
    const runner = new SearchRunner(api, (s) => states.push(s), { debounceMs: 120 });
    runner.schedule(q('ab'));
    runner.schedule(q('abc'));
    runner.schedule(q('ab'));
    await vi.advanceTimersByTimeAsync(500);
    expect(vi.mocked(api.search).mock.calls.map((call) => call[0].q)).toEqual(['ab']);
  });

  it('aborts the search in flight and drops its late answer', async () => {
    const { api, pending, signals } = controlledApi();
    const runner = new SearchRunner(api, (s) => states.push(s));
    runner.run(q('old'));
    runner.run(q('new'));
    expect(signals.get('old')?.aborted).toBe(true);
    pending.get('new')?.resolve(answer('new'));
    await pending.get('new')?.promise;
    pending.get('old')?.resolve(answer('old'));
    await pending.get('old')?.promise;
    await Promise.resolve();
    expect(runner.state.phase).toBe('ready');
    expect(runner.state.response?.query).toBe('new');
    expect(states.map((s) => s.response?.query ?? null)).not.toContain('old');
  });

  it('keeps the previous results while the next search loads', async () => {
    const { api, pending } = controlledApi();
    const runner = new SearchRunner(api, (s) => states.push(s));
    runner.run(q('one'));
    pending.get('one')?.resolve(answer('one'));
    await vi.waitFor(() => expect(runner.state.phase).toBe('ready'));
    runner.run(q('two'));
    expect(runner.state).toMatchObject({ phase: 'loading', response: { query: 'one' } });
  });

  it('does not bring back the results of an older search after a failed one', async () => {
    const { api, pending } = controlledApi();
    const runner = new SearchRunner(api, (s) => states.push(s));
    runner.run(q('one'));
    pending.get('one')?.resolve(answer('one'));
    await vi.waitFor(() => expect(runner.state.phase).toBe('ready'));
    runner.run(q('two'));
    pending.get('two')?.resolve({ ok: false, status: 503, message: 'down', url: '/s' });
    await vi.waitFor(() => expect(runner.state.phase).toBe('error'));
    runner.run(q('three'));
    expect(runner.state).toMatchObject({ phase: 'loading', response: null });
  });

  it('goes back to idle on clear and ignores what was in flight', async () => {
    const { api, pending } = controlledApi();
    const runner = new SearchRunner(api, (s) => states.push(s));
    runner.run(q('one'));
    runner.clear();
    pending.get('one')?.resolve(answer('one'));
    await pending.get('one')?.promise;
    await Promise.resolve();
    expect(runner.state.phase).toBe('idle');
    expect(runner.state.response).toBeNull();
  });
});
