import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponseSchema, SuggestResponseSchema } from '@docs-portal/contracts';
import type { BrowserlikeClient } from '../../test/BrowserlikeClient';
import { sampleDocSets, signIn, startPortal, type RunningPortal } from '../../test/portalHarness';

let portal: RunningPortal;
let customer: BrowserlikeClient;
let employee: BrowserlikeClient;

async function search(client: BrowserlikeClient, query: string) {
  const res = await client.request(`/docs/search?${query}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  portal = await startPortal({
    docSets: sampleDocSets(),
    search: { synonyms: [['k8s', 'kubernetes']] },
  });
  await portal.app.searchIndexing.ready;
  customer = portal.client();
  await signIn(customer, 'customer');
  employee = portal.client();
  await signIn(employee, 'employee', { provider: 'employee' });
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

describe('search API', () => {
  it('answers 401 JSON without a session', async () => {
    const res = await portal.client().request('/docs/search?q=restore');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'unauthenticated' });
    expect((await portal.client().request('/docs/search/suggest?q=res')).status).toBe(401);
    // Validation comes after the session check: a malformed call signed out is still a 401.
    expect((await portal.client().request('/docs/search?colour=red')).status).toBe(401);
  });

  it('finds the sample documentation, in the contract shape, with section deep links', async () => {
    const { status, body } = await search(customer, 'q=protection%20policy');
    expect(status).toBe(200);
    const response = SearchResponseSchema.parse(body);
    expect(response.total).toBeGreaterThan(0);
    const top = response.hits[0]!;
    expect(top.url).toMatch(/^\/docs\/.+\.htm\?Highlight=[^#]+(#.+)?$/);
    expect(top.title.toLowerCase()).toContain('polic');
    expect(response.facets.product.length).toBeGreaterThan(0);
  });

  it('answers a search run again with the same JSON but its own tookMs', async () => {
    const texts: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await customer.request('/docs/search?q=protection%20policy');
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const text = await res.text();
      expect(text).toBe(JSON.stringify(JSON.parse(text)));
      texts.push(text.replace(/"tookMs":[\d.e-]+/, '"tookMs":0'));
    }
    expect(texts[1]).toBe(texts[0]);
  });

  it.each([
    ['no query', '', /q/],
    ['a query over 500 characters', `q=${'a'.repeat(501)}`, /500/],
    ['an unknown filter', 'q=x&colour=red', /colour/],
    ['a page size over 100', 'q=x&pageSize=101', /pageSize/],
    ['a page that is not a number', 'q=x&page=two', /page/],
    ['a repeated query', 'q=a&q=b', /q/],
    ['a negative page', 'q=x&page=-1', /page/],
  ])('answers 400 with a clear message to %s', async (_name, query, pattern) => {
    const { status, body } = await search(customer, query);
    expect(status).toBe(400);
    expect(body.code).toBe('bad_request');
    expect(String(body.message)).toMatch(pattern);
  });

  it('never shows a customer anything from the employee-only runbooks, not even counts', async () => {
    const forCustomer = SearchResponseSchema.parse(
      (await search(customer, 'q=escalation%20matrix')).body,
    );
    const forEmployee = SearchResponseSchema.parse(
      (await search(employee, 'q=escalation%20matrix')).body,
    );
    expect(forEmployee.total).toBeGreaterThan(0);
    expect(forEmployee.hits.some((h) => h.url.startsWith('/docs/Internal/SupportRunbooks/'))).toBe(
      true,
    );
    expect(forCustomer.hits.some((h) => h.url.includes('SupportRunbooks'))).toBe(false);
    expect(forCustomer.facets.docType.some((f) => f.value === 'Runbook')).toBe(false);
    const hotfix = SearchResponseSchema.parse((await search(customer, 'q=hotfix')).body);
    expect(hotfix.total).toBe(0);
    expect(hotfix.hits).toEqual([]);
    const suggest = SuggestResponseSchema.parse(
      await (await customer.request('/docs/search/suggest?q=hotfi')).json(),
    );
    expect(JSON.stringify(suggest).toLowerCase()).not.toContain('hotfix');
    const completions = SuggestResponseSchema.parse(
      await (await customer.request('/docs/search/suggest?q=hotfi&kind=query')).json(),
    );
    expect(completions.suggestions).toEqual([]);
  });

  it('answers suggestions for a query being typed', async () => {
    const res = await customer.request('/docs/search/suggest?q=repl');
    expect(res.status).toBe(200);
    const body = SuggestResponseSchema.parse(await res.json());
    expect(body.suggestions.length).toBeGreaterThan(0);
  });

  it('answers only completions when asked for them', async () => {
    const res = await customer.request('/docs/search/suggest?q=repl&kind=query');
    expect(res.status).toBe(200);
    const body = SuggestResponseSchema.parse(await res.json());
    expect(body.suggestions.length).toBeGreaterThan(0);
    expect(body.suggestions.every((s) => s.kind === 'query' && s.text.startsWith('repl'))).toBe(
      true,
    );
  });

  it('answers 400 to a suggest request with bad parameters', async () => {
    for (const query of ['q=x&limit=500', 'q=x&kind=pages', 'q=x&kind=query&kind=title']) {
      const res = await customer.request(`/docs/search/suggest?${query}`);
      expect(res.status, query).toBe(400);
    }
  });
});
