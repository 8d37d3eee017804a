import { describe, expect, it } from 'vitest';
import { fakeConnection, fakeFetch, json, searchResponse } from '../../test/fakeSearchApi';
import { createSearchApi, searchRequestUrl } from './searchApi';

const query = { q: 'vm & backup', filters: {}, page: 1, pageSize: 8 };

describe('searchRequestUrl', () => {
  it('encodes the query, the facet filters, paging and explain', () => {
    const url = searchRequestUrl('/docs/search', {
      q: 'vm & backup',
      filters: { product: ['Helios', 'Data Platform'], docType: ['guide'], team: ['x'] },
      page: 2,
      pageSize: 20,
      explain: true,
    });
    expect(url).toBe(
      '/docs/search?q=vm+%26+backup&product=Helios&product=Data+Platform&docType=guide&page=2&pageSize=20&explain=1',
    );
  });

  it('appends to a search URL that already has a query string', () => {
    expect(searchRequestUrl('/docs/search?tenant=a', query)).toMatch(
      /^\/docs\/search\?tenant=a&q=/,
    );
  });
});

describe('createSearchApi', () => {
  it('answers the parsed response and the browser round trip', async () => {
    let clock = 100;
    const api = fakeFetch(() => {
      clock += 42;
      return json(searchResponse());
    });
    const outcome = await createSearchApi({
      connection: fakeConnection(),
      fetch: api.fetch,
      now: () => clock,
    }).search(query);
    expect(outcome).toMatchObject({ ok: true, roundTripMs: 42, response: { total: 2 } });
    expect(api.calls[0]?.init).toMatchObject({ credentials: 'same-origin' });
  });

  it('reports every HTTP failure to the portal, a 401 included', async () => {
    const connection = fakeConnection();
    const api = fakeFetch(() => json({ code: 'unauthenticated', message: 'x' }, 401));
    const outcome = await createSearchApi({ connection, fetch: api.fetch }).search(query);
    expect(outcome).toMatchObject({ ok: false, status: 401 });
    expect(connection.notifyHttpError).toHaveBeenCalledWith(
      401,
      '/docs/search?q=vm+%26+backup&page=1&pageSize=8',
    );
  });

  it('tells a network failure and an unreadable answer apart from HTTP errors', async () => {
    const connection = fakeConnection();
    const down = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await createSearchApi({ connection, fetch: down.fetch }).search(query)).toMatchObject({
      ok: false,
      status: 0,
      message: 'The search service could not be reached.',
    });
    const odd = fakeFetch(() => json({ hits: 'nope' }));
    expect(await createSearchApi({ connection, fetch: odd.fetch }).search(query)).toMatchObject({
      ok: false,
      status: 0,
      message: 'The search service answered unexpectedly.',
    });
    expect(connection.notifyHttpError).not.toHaveBeenCalled();
  });

  it('rejects with the abort when the search is cancelled', async () => {
    const controller = new AbortController();
    const api = fakeFetch((_url, init) => {
      controller.abort();
      return Promise.reject(init.signal?.reason);
    });
    const search = createSearchApi({ connection: fakeConnection(), fetch: api.fetch }).search(
      query,
      controller.signal,
    );
    await expect(search).rejects.toBeDefined();
  });
});
