import type { SearchRequest, SearchResponse } from '@docs-portal/contracts';
import { SearchResponseSchema, SuggestResponseSchema } from '@docs-portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchRule } from '@docs-portal/contracts';
import { compileRules } from '../rules/compileRules';
import type { PageRecord } from '../core/analysePage';
import type { ReaderAccess, SearchEngine } from '../SearchEngine';
import {
  CONTRACT_CORPUS,
  contractAccess,
  KNOWN_ITEM_CORPUS,
  LABEL_CORPUS,
  WEAVE_PAGES,
  VERSIONS_CORPUS,
  PRECISION_CORPUS,
  type ContractDocSet,
} from './contractCorpus';

/** Builds a fresh, empty engine for the contract suite. */
export type MakeContractEngine = (config: { synonyms?: string[][] }) => Promise<SearchEngine>;

const CUSTOMER = contractAccess('customer');
const EMPLOYEE = contractAccess('employee');
const PARTNER = contractAccess('partner');
const NOBODY: ReaderAccess = { docSetIds: [] };

/** A search request of `q` with no filters, first page of 10 hits, then `overrides`. */
export function searchRequest(q: string, overrides: Partial<SearchRequest> = {}): SearchRequest {
  return {
    q,
    product: [],
    version: [],
    docType: [],
    page: 1,
    pageSize: 10,
    explain: false,
    ...overrides,
  };
}

const titles = (response: SearchResponse) => response.hits.map((hit) => hit.title);

/** A page of one untitled section holding `text`, its hash the text (a new text, a changed page). */
const textPage = (path: string, title: string, text: string): PageRecord => ({
  path,
  title,
  breadcrumb: [],
  hash: text,
  sections: [{ heading: '', anchor: '', text }],
});
const paths = (response: SearchResponse) => response.hits.map((hit) => hit.url.split('?')[0]);

/**
 * The behaviour every `SearchEngine` implementation must show, run against a fresh engine
 * loaded with a small corpus of five doc sets (two versions of a guide, an API reference, a
 * customer-only set and an employee-only set): ranking orders, typo tolerance, prefixes,
 * phrases, synonyms, identifiers, facets, filters, paging, version awareness, escaping of
 * hostile text, access inside the query, suggestions, and index life cycle.
 */
export function runSearchEngineContract(name: string, makeEngine: MakeContractEngine): void {
  describe(`SearchEngine contract: ${name}`, () => {
    let engine: SearchEngine;
    const search = async (
      q: string,
      access: ReaderAccess = CUSTOMER,
      overrides: Partial<SearchRequest> = {},
    ) => {
      const response = await engine.search(searchRequest(q, overrides), access);
      SearchResponseSchema.parse(response);
      return response;
    };

    beforeAll(async () => {
      engine = await makeEngine({
        synonyms: [
          ['k8s', 'kubernetes'],
          ['ha', 'high availability'],
        ],
      });
      for (const { docSet, pages } of CONTRACT_CORPUS) {
        await engine.applyDocSetChanges({ docSet, upserts: pages, removals: [] });
      }
    });

    afterAll(async () => {
      await engine.close();
    });

    /** Indexes `corpus` for the tests of the enclosing block, and removes it after them. */
    const indexedForTheseTests = (corpus: readonly ContractDocSet[]) => {
      beforeAll(async () => {
        for (const { docSet, pages } of corpus) {
          await engine.applyDocSetChanges({ docSet, upserts: pages, removals: [] });
        }
      });
      afterAll(async () => {
        for (const { docSet } of corpus) await engine.removeDocSet(docSet.id);
      });
    };

    describe('ranking', () => {
      it('ranks a title match above a body match', async () => {
        const response = await search('backup policy');
        expect(titles(response)[0]).toBe('Backup Policies');
        expect(titles(response)).toEqual(expect.arrayContaining(['Protection Jobs', 'Jobs API']));
      });

      it('ranks a heading match above a body match', async () => {
        const response = await search('encryption keys');
        expect(titles(response).slice(0, 2)).toEqual(['Security Settings', 'Cluster Setup']);
        expect(response.hits[0]?.section).toBe('Encryption keys');
      });

      it('ranks the exact word above another form of it', async () => {
        expect(titles(await search('replicate'))).toEqual(['Remote Copies', 'Remote Sites']);
        expect(titles(await search('replication'))).toEqual(['Remote Sites', 'Remote Copies']);
      });

      it('ranks words next to each other above words far apart', async () => {
        const response = await search('retention period');
        expect(titles(response).slice(0, 2)).toEqual(['Backup Policies', 'Storage Domains']);
        expect(response.hits[0]?.section).toBe('Retention period');
      });

      it('groups a page with its best sections beneath it', async () => {
        const response = await search('snapshot kept');
        const hit = response.hits[0];
        expect(hit?.title).toBe('Backup Policies');
        expect(response.hits.filter((h) => h.title === 'Backup Policies')).toHaveLength(1);
        expect(hit?.sections.map((s) => s.heading).sort()).toEqual(['', 'Retention period']);
        expect(hit?.sections[0]?.url).toBe(hit?.url);
      });
    });

    describe('matching', () => {
      it('tolerates one typo from five letters and two from nine', async () => {
        expect(titles(await search('kubernets'))[0]).toBe('Kubernetes Protection');
        expect(titles(await search('encrpytion'))[0]).toBe('Security Settings');
        expect(titles(await search('namspcaes'))[0]).toBe('Kubernetes Protection');
      });

      it('completes the last word while it is being typed', async () => {
        expect(titles(await search('kuber'))[0]).toBe('Kubernetes Protection');
        expect(titles(await search('retention per'))[0]).toBe('Backup Policies');
      });

      it('matches a quoted phrase only where its words follow each other', async () => {
        const response = await search('"retention period"');
        expect(titles(response)).toEqual(['Backup Policies']);
        expect(response.total).toBe(1);
      });

      it('expands configured synonyms, single words and phrases', async () => {
        expect(titles(await search('k8s'))[0]).toBe('Kubernetes Protection');
        expect(titles(await search('ha'))[0]).toBe('Cluster Pairs');
        expect(titles(await search('high availability'))[0]).toBe('Cluster Pairs');
      });

      it('finds identifiers whole and by their parts', async () => {
        expect(titles(await search('job.run_now'))[0]).toBe('Command Line');
        expect(titles(await search('run_now'))[0]).toBe('Command Line');
        expect(titles(await search('iris_cli'))[0]).toBe('Command Line');
      });

      it('answers an empty query with nothing', async () => {
        const response = await search('   ');
        expect(response.total).toBe(0);
        expect(response.hits).toEqual([]);
        expect(response.suggestion).toBeNull();
      });
    });

    describe('answer shape', () => {
      it('links each hit to its section with a Highlight parameter', async () => {
        const response = await search('retention period');
        expect(response.hits[0]?.url).toBe(
          '/docs/6_10/Web/UserGuide/Content/Protection/BackupPolicies.htm?Highlight=retention%20period#RetentionPeriod',
        );
        const top = await search('hourly');
        expect(top.hits[0]?.url).toMatch(/BackupPolicies\.htm\?Highlight=hourly#Schedules$/);
        const pageTop = await search('wizard replicate');
        expect(pageTop.hits[0]?.url).toBe(
          '/docs/6_10/Web/UserGuide/Content/Remote/Copies.htm?Highlight=wizard%20replicate',
        );
      });

      it('fills title, breadcrumb, product, version, doc type and doc set', async () => {
        const hit = (await search('schedules')).hits[0];
        expect(hit).toMatchObject({
          title: 'Backup Policies',
          breadcrumb: ['Protection'],
          product: 'Data Platform',
          version: '6.10',
          docType: 'User Guide',
          docSet: 'dp-6.10',
        });
      });

      it('escapes hostile page text in snippets, leaving only <mark> as markup', async () => {
        const hit = (await search('sanitizer')).hits[0];
        expect(hit?.snippet).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
        expect(hit?.snippet).toContain('&lt;img src=x onerror=alert(1)&gt;');
        expect(hit?.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
        expect(hit?.snippet).toContain('<mark>sanitizer</mark>');
      });

      it('explains scores when asked', async () => {
        const response = await search('retention period', CUSTOMER, { explain: true });
        const explain = response.hits[0]?.explain;
        expect(explain?.fields.heading).toEqual(expect.arrayContaining(['retention', 'period']));
        expect(explain?.terms.map((t) => t.how)).toContain('exact');
        expect((await search('retention period')).hits[0]?.explain).toBeUndefined();
      });
    });

    describe('facets, filters, paging and versions', () => {
      it('searches only the newest version of each product by default', async () => {
        const response = await search('backup policy');
        expect(new Set(response.hits.map((h) => h.version))).toEqual(new Set(['6.10', '6.5']));
        expect(
          response.hits
            .filter((h) => h.docType === 'User Guide')
            .every((h) => h.version === '6.10'),
        ).toBe(true);
        const older = await search('backup policy', CUSTOMER, { version: ['6.5'] });
        expect(older.hits.map((h) => h.docSet).sort()).toEqual(['dp-6.5', 'dp-api-6.5']);
      });

      it('counts every version in the version facet so older ones can be chosen', async () => {
        const response = await search('legacyonly');
        expect(response.total).toBe(0);
        expect(response.facets.version).toEqual([{ value: '6.5', count: 1 }]);
        expect(response.suggestion).toBeNull();
      });

      it('counts pages per product, version and doc type, each ignoring its own filter', async () => {
        const all = await search('protection jobs');
        expect(all.facets.product).toEqual([
          { value: 'Data Platform', count: all.total - 1 },
          { value: 'Helios', count: 1 },
        ]);
        const filtered = await search('protection jobs', CUSTOMER, { docType: ['API Reference'] });
        expect(filtered.hits.map((h) => h.title)).toEqual(['Jobs API']);
        expect(filtered.total).toBe(1);
        expect(filtered.facets.docType.map((f) => f.value).sort()).toEqual([
          'API Reference',
          'User Guide',
        ]);
        const helios = await search('protection jobs', CUSTOMER, { product: ['Helios'] });
        expect(helios.hits.map((h) => h.product)).toEqual(['Helios']);
        expect(helios.facets.product.map((f) => f.value)).toContain('Data Platform');
      });

      it('pages through hits without repeating them', async () => {
        const first = await search('protection', CUSTOMER, { pageSize: 2 });
        const second = await search('protection', CUSTOMER, { pageSize: 2, page: 2 });
        expect(first.total).toBeGreaterThan(3);
        expect(second.total).toBe(first.total);
        expect(first.hits).toHaveLength(2);
        expect(second.hits).toHaveLength(2);
        expect(paths(first).some((p) => paths(second).includes(p))).toBe(false);
        const past = await search('protection', CUSTOMER, { pageSize: 10, page: 50 });
        expect(past.hits).toEqual([]);
        expect(past.total).toBe(first.total);
      });
    });

    describe('access inside the query', () => {
      it('never returns, counts or suggests pages of doc sets the reader may not read', async () => {
        const response = await search('zorblax');
        expect(response.total).toBe(0);
        expect(response.hits).toEqual([]);
        expect(response.facets).toEqual({ product: [], version: [], docType: [] });
        expect((await search('zorblaxx')).suggestion).toBeNull();
        expect((await search('quasarit')).suggestion).toBeNull();
        const suggestions = await engine.suggest({ q: 'zorb', limit: 8 }, CUSTOMER);
        expect(suggestions.suggestions).toEqual([]);
        for (const kind of ['query', 'title'] as const) {
          expect(
            (await engine.suggest({ q: 'zorb', limit: 8, kind }, CUSTOMER)).suggestions,
          ).toEqual([]);
        }
        expect(
          (await engine.suggest({ q: 'zorb', limit: 8, kind: 'query' }, EMPLOYEE)).suggestions,
        ).toContainEqual({ kind: 'query', text: 'zorblax' });
      });

      it('keeps hidden doc sets out of totals and facets of shared words', async () => {
        const customer = await search('protection jobs');
        const employee = await search('protection jobs', EMPLOYEE);
        expect(employee.total).toBe(customer.total + 1);
        expect(customer.facets.product.map((f) => f.value)).not.toContain('Runbooks');
        expect(employee.facets.product.map((f) => f.value)).toContain('Runbooks');
      });

      it('shows a doc set to the audiences it names and to no one else', async () => {
        expect(titles(await search('zorblax', EMPLOYEE))).toEqual(['Zorblax Recovery Runbook']);
        expect((await search('zorblaxx', EMPLOYEE)).suggestion).toBe('zorblax');
        expect(titles(await search('helios dashboard', CUSTOMER))).toContain('Helios Dashboard');
        expect(titles(await search('helios dashboard', PARTNER))).not.toContain('Helios Dashboard');
        expect(
          (await search('helios dashboard', NOBODY)).facets.product.map((f) => f.value),
        ).not.toContain('Helios');
      });

      it('ignores an audience an older index stored with a doc set: access is only the ids given', async () => {
        const runbooks = CONTRACT_CORPUS.find((d) => d.docSet.id === 'runbooks');
        if (runbooks === undefined) throw new Error('runbooks missing');
        // Indexes written before access moved to the caller kept the audience in the descriptor.
        const olderDescriptor = { ...runbooks.docSet, audience: ['*'] };
        await engine.applyDocSetChanges({ docSet: olderDescriptor, upserts: [], removals: [] });
        try {
          for (const reader of [CUSTOMER, PARTNER, NOBODY]) {
            const response = await search('zorblax quasarite', reader);
            expect(response.total).toBe(0);
            expect(response.hits).toEqual([]);
            expect(response.facets).toEqual({ product: [], version: [], docType: [] });
            expect((await search('zorblaxx', reader)).suggestion).toBeNull();
            expect((await engine.suggest({ q: 'zorb', limit: 8 }, reader)).suggestions).toEqual([]);
            expect((await search('protection jobs', reader)).facets.docType).not.toContainEqual(
              expect.objectContaining({ value: 'Runbook' }),
            );
          }
          expect(titles(await search('zorblax', EMPLOYEE))).toEqual(['Zorblax Recovery Runbook']);
        } finally {
          await engine.applyDocSetChanges({ docSet: runbooks.docSet, upserts: [], removals: [] });
        }
      });

      it('searches only the indexed doc sets the access names, and nothing for unknown ids', async () => {
        const guideOnly = await search('backup policy', { docSetIds: ['dp-6.10'] });
        expect(new Set(guideOnly.hits.map((h) => h.docSet))).toEqual(new Set(['dp-6.10']));
        expect(guideOnly.facets.version).toEqual([{ value: '6.10', count: guideOnly.total }]);
        expect(guideOnly.facets.docType.map((f) => f.value)).toEqual(['User Guide']);
        // A doc set removed from the config may linger in the index until the next sync.
        const withoutRunbooks = {
          docSetIds: EMPLOYEE.docSetIds.filter((id) => id !== 'runbooks'),
        };
        expect((await search('zorblax', withoutRunbooks)).total).toBe(0);
        const unknown = await search('backup policy', { docSetIds: ['no-such-doc-set'] });
        expect(unknown.total).toBe(0);
        expect(unknown.facets).toEqual({ product: [], version: [], docType: [] });
      });
    });

    describe('workbench rules', () => {
      const withRules = async (
        q: string,
        rules: SearchRule[],
        access: ReaderAccess = CUSTOMER,
        overrides: Partial<SearchRequest> = {},
      ) => {
        const response = await engine.search(searchRequest(q, overrides), access, {
          rules: compileRules(rules),
        });
        SearchResponseSchema.parse(response);
        return response;
      };
      const pinJobs: SearchRule = {
        id: 'pin-jobs',
        kind: 'pin',
        query: 'Backup policy?',
        docSet: 'dp-api-6.5',
        path: '/jobs.html',
        rank: 1,
      };

      it('pins a page at its rank for the normalised query, once, and explains why', async () => {
        const plain = await search('backup policy');
        expect(titles(plain)[0]).not.toBe('Jobs API');
        const pinned = await withRules('backup  POLICY', [pinJobs], CUSTOMER, { explain: true });
        expect(titles(pinned)[0]).toBe('Jobs API');
        expect(titles(pinned).filter((t) => t === 'Jobs API')).toHaveLength(1);
        expect(pinned.total).toBe(plain.total);
        expect(pinned.hits[0]?.rules).toEqual([{ id: 'pin-jobs', effect: 'pin' }]);
        expect(pinned.hits[1]?.rules).toBeUndefined();
        // Another query (not the same words) is left alone.
        expect(titles(await withRules('backup policies jobs', [pinJobs]))).toEqual(
          titles(await search('backup policies jobs')),
        );
      });

      it('pins a page the query does not match, counting it in the total and facets', async () => {
        const rule: SearchRule = {
          id: 'pin-policies',
          kind: 'pin',
          query: 'helios dashboard',
          docSet: 'dp-6.10',
          path: '/Content/Protection/BackupPolicies.htm',
          anchor: 'nowhere',
          rank: 2,
        };
        const plain = await search('helios dashboard');
        const pinned = await withRules('helios dashboard', [rule]);
        expect(titles(pinned)[1]).toBe('Backup Policies');
        expect(pinned.total).toBe(plain.total + 1);
        const dp = (r: SearchResponse) =>
          r.facets.product.find((f) => f.value === 'Data Platform')?.count ?? 0;
        expect(dp(pinned)).toBe(dp(plain) + 1);
      });

      it('pages through pinned results without repeating or losing a page', async () => {
        const rule: SearchRule = { ...pinJobs, query: 'protection jobs', rank: 2 };
        const all = await withRules('protection jobs', [rule], CUSTOMER, { pageSize: 100 });
        expect(titles(all)[1]).toBe('Jobs API');
        const pages: (string | undefined)[] = [];
        for (let page = 1; page <= all.total; page++) {
          const one = await withRules('protection jobs', [rule], CUSTOMER, { page, pageSize: 1 });
          expect(one.total).toBe(all.total);
          pages.push(...paths(one));
        }
        expect(pages).toEqual(paths(all));
      });

      it('never shows or counts a pinned page the reader may not read', async () => {
        const rule: SearchRule = {
          id: 'pin-runbook',
          kind: 'pin',
          query: 'backup policy',
          docSet: 'runbooks',
          path: '/zorblax.html',
          rank: 1,
        };
        for (const reader of [CUSTOMER, PARTNER, NOBODY]) {
          const plain = await search('backup policy', reader);
          const pinned = await withRules('backup policy', [rule], reader);
          expect(titles(pinned)).toEqual(titles(plain));
          expect(pinned.total).toBe(plain.total);
          expect(pinned.facets).toEqual(plain.facets);
        }
        expect(titles(await withRules('backup policy', [rule], EMPLOYEE))[0]).toBe(
          'Zorblax Recovery Runbook',
        );
        // A page that does not exist is not invented.
        const ghost = { ...rule, docSet: 'dp-6.10', path: '/nope.htm' };
        expect((await withRules('backup policy', [ghost])).total).toBe(
          (await search('backup policy')).total,
        );
      });

      it('boosts and buries doc sets and pages for queries matching a glob', async () => {
        const plain = await search('jobs policy');
        expect(plain.hits[0]?.docSet).toBe('dp-6.10');
        const boost: SearchRule = {
          id: 'boost-api',
          kind: 'boost',
          pattern: '*policy',
          docSet: 'dp-api-6.5',
          path: '/jobs.html',
          factor: 50,
        };
        const boosted = await withRules('jobs policy', [boost], CUSTOMER, { explain: true });
        expect(boosted.hits[0]?.docSet).toBe('dp-api-6.5');
        expect(boosted.hits[0]?.rules).toEqual([{ id: 'boost-api', effect: 'boost' }]);
        expect(boosted.total).toBe(plain.total);
        const notMatching = await withRules('jobs policy', [{ ...boost, pattern: 'policy*' }]);
        expect(titles(notMatching)).toEqual(titles(plain));
        const bury: SearchRule = {
          id: 'bury-guide',
          kind: 'boost',
          pattern: '?obs policy',
          docSet: 'dp-6.10',
          factor: 0.01,
        };
        const buried = await withRules('jobs policy', [bury], CUSTOMER, { explain: true });
        const last = buried.hits.at(-1);
        expect(last?.docSet).toBe('dp-6.10');
        expect(last?.rules).toEqual([{ id: 'bury-guide', effect: 'bury' }]);
      });

      it('buries a page titled as the query below the others', async () => {
        expect(titles(await search('protection jobs'))[0]).toBe('Protection Jobs');
        const bury: SearchRule = {
          id: 'bury-titled',
          kind: 'boost',
          pattern: 'protection jobs',
          docSet: 'dp-6.10',
          path: '/Content/Protection/Jobs.htm',
          factor: 0.01,
        };
        const buried = titles(await withRules('protection jobs', [bury]));
        expect(buried[0]).not.toBe('Protection Jobs');
        expect(buried).toContain('Protection Jobs');
      });

      it('adds synonyms of the rules to the configured ones', async () => {
        expect((await search('zyzzyva')).total).toBe(0);
        const rule: SearchRule = { id: 'syn', kind: 'synonym', words: ['zyzzyva', 'dashboard'] };
        expect(titles(await withRules('zyzzyva', [rule]))).toContain('Helios Dashboard');
        expect(titles(await withRules('k8s', [rule]))).toEqual(titles(await search('k8s')));
      });
    });

    describe('suggestions', () => {
      it('offers "did you mean" for unknown words', async () => {
        const response = await search('snapshto retention');
        expect(response.suggestion).toBe('snapshot retention');
        expect((await search('snapshot retention')).suggestion).toBeNull();
      });

      it('suggests titles and completions while typing', async () => {
        const response = await engine.suggest({ q: 'kuber', limit: 5 }, CUSTOMER);
        SuggestResponseSchema.parse(response);
        expect(response.suggestions).toContainEqual({
          kind: 'title',
          text: 'Kubernetes Protection',
          url: '/docs/6_10/Web/UserGuide/Content/Kubernetes/Overview.htm',
        });
        expect(response.suggestions).toContainEqual({ kind: 'query', text: 'kubernetes' });
        expect(response.suggestions.length).toBeLessThanOrEqual(5);
        // A title suggestion names the page a search hit of that title links to.
        const hits = (await search('kuber')).hits;
        for (const suggestion of response.suggestions.filter((s) => s.kind === 'title')) {
          const hit = hits.find((h) => h.title === suggestion.text);
          expect(hit?.url.replace(/[?#].*$/, '')).toBe(suggestion.url);
        }
      });

      it('suggests one kind only when asked: completions without titles, titles without completions', async () => {
        const both = await engine.suggest({ q: 'kuber', limit: 5 }, CUSTOMER);
        const queries = await engine.suggest({ q: 'kuber', limit: 5, kind: 'query' }, CUSTOMER);
        SuggestResponseSchema.parse(queries);
        expect(queries.suggestions.length).toBeGreaterThan(0);
        expect(queries.suggestions.every((s) => s.kind === 'query')).toBe(true);
        expect(queries.suggestions).toContainEqual({ kind: 'query', text: 'kubernetes' });
        // The completions a full suggestion holds come first, in the same order.
        const bothQueries = both.suggestions.filter((s) => s.kind === 'query');
        expect(queries.suggestions.slice(0, bothQueries.length)).toEqual(bothQueries);
        const typed = await engine.suggest(
          { q: 'kubernetes pro', limit: 5, kind: 'query' },
          CUSTOMER,
        );
        expect(typed.suggestions.length).toBeGreaterThan(0);
        for (const s of typed.suggestions) expect(s.text).toMatch(/^kubernetes pro/);
        const titles = await engine.suggest({ q: 'kuber', limit: 5, kind: 'title' }, CUSTOMER);
        const bothTitles = both.suggestions.filter((s) => s.kind === 'title');
        expect(titles.suggestions.every((s) => s.kind === 'title')).toBe(true);
        expect(titles.suggestions.slice(0, bothTitles.length)).toEqual(bothTitles);
        // After a space no word is being typed: nothing to complete.
        expect(
          (await engine.suggest({ q: 'kubernetes ', limit: 5, kind: 'query' }, CUSTOMER))
            .suggestions,
        ).toEqual([]);
      });

      it('suggests a page titled with a typed word however many other pages say them more', async () => {
        const base = CONTRACT_CORPUS[0];
        if (base === undefined) throw new Error('empty corpus');
        const docSet = { ...base.docSet, id: 'crowd', product: 'Crowd', urlPrefix: '/docs/W' };
        const access = { docSetIds: [...CUSTOMER.docSetIds, 'crowd'] };
        // More pages than the first block the engine ranks in full, each saying both words
        // often, none of them in its title.
        const crowd = Array.from({ length: 70 }, (_, i) =>
          textPage(`/notes${i}.htm`, `Field notes ${i}`, 'wombat burrow '.repeat(12 + (i % 5))),
        );
        await engine.applyDocSetChanges({
          docSet,
          upserts: [...crowd, textPage('/handling.htm', 'Wombat handling', 'Mind the burrow.')],
          removals: [],
        });
        try {
          expect((await search('wombat burrow', access)).total).toBe(71);
          const typed = await engine.suggest({ q: 'wombat burr', limit: 8 }, access);
          expect(typed.suggestions).toContainEqual({
            kind: 'title',
            text: 'Wombat handling',
            url: '/docs/W/handling.htm',
          });
        } finally {
          await engine.removeDocSet('crowd');
        }
      });
    });

    describe('result cache', () => {
      const stats = () => {
        const figures = engine.resultCacheStats?.();
        if (figures === undefined) throw new Error('the engine keeps no result cache');
        return figures;
      };
      const withoutTook = (response: SearchResponse) => ({ ...response, tookMs: 0 });

      it('answers a repeated search from the cache with the answer it computed', async () => {
        const fresh = await search('retention policy', CUSTOMER, { pageSize: 7 });
        const before = stats();
        const again = await search('retention policy', CUSTOMER, { pageSize: 7 });
        expect(stats().hits).toBe(before.hits + 1);
        expect(withoutTook(again)).toEqual(withoutTook(fresh));
        expect(again.tookMs).toBeGreaterThanOrEqual(0);
        const typed = await engine.suggest({ q: 'retent', limit: 8 }, CUSTOMER);
        const hitsBefore = stats().hits;
        expect(await engine.suggest({ q: 'retent', limit: 8 }, CUSTOMER)).toEqual(typed);
        expect(stats().hits).toBe(hitsBefore + 1);
      });

      it('never answers a reader from an answer computed for another access', async () => {
        const customer = await search('protection jobs');
        const before = stats();
        const employee = await search('protection jobs', EMPLOYEE);
        expect(stats().misses).toBe(before.misses + 1);
        expect(employee.total).toBe(customer.total + 1);
        const nobody = await search('protection jobs', NOBODY);
        expect(nobody.total).toBe(0);
        expect((await search('protection jobs')).total).toBe(customer.total);
        const suggestCustomer = await engine.suggest({ q: 'zorb', limit: 8 }, CUSTOMER);
        expect(suggestCustomer.suggestions).toEqual([]);
        const suggestEmployee = await engine.suggest({ q: 'zorb', limit: 8 }, EMPLOYEE);
        expect(suggestEmployee.suggestions.length).toBeGreaterThan(0);
        expect((await engine.suggest({ q: 'zorb', limit: 8 }, CUSTOMER)).suggestions).toEqual([]);
      });

      it('never serves an answer of an earlier index after a change', async () => {
        const base = CONTRACT_CORPUS[0];
        if (base === undefined) throw new Error('empty corpus');
        const docSet = { ...base.docSet, id: 'cached', product: 'Cached', urlPrefix: '/docs/C' };
        const access = { docSetIds: [...CUSTOMER.docSetIds, 'cached'] };
        const page = (path: string, text: string) => textPage(path, `Cached ${path}`, text);
        await engine.applyDocSetChanges({
          docSet,
          upserts: [page('/a.htm', 'albatross flight')],
          removals: [],
        });
        expect((await search('albatross', access)).total).toBe(1);
        expect((await search('albatross', access)).total).toBe(1);
        await engine.applyDocSetChanges({
          docSet,
          upserts: [page('/b.htm', 'albatross colony')],
          removals: [],
        });
        expect((await search('albatross', access)).total).toBe(2);
        const typed = await engine.suggest({ q: 'albatr', limit: 8 }, access);
        await engine.removeDocSet('cached');
        expect((await search('albatross', access)).total).toBe(0);
        const after = await engine.suggest({ q: 'albatr', limit: 8 }, access);
        expect(typed.suggestions.length).toBeGreaterThan(0);
        expect(after.suggestions).toEqual([]);
      });

      it('keeps answers under different rules apart', async () => {
        expect((await search('jobs policy')).hits[0]?.docSet).toBe('dp-6.10');
        const rules = compileRules([
          {
            id: 'boost-api',
            kind: 'boost',
            pattern: '*policy',
            docSet: 'dp-api-6.5',
            path: '/jobs.html',
            factor: 50,
          },
        ]);
        const ruled = await engine.search(searchRequest('jobs policy'), CUSTOMER, { rules });
        expect(ruled.hits[0]?.docSet).toBe('dp-api-6.5');
        const before = stats();
        const again = await engine.search(searchRequest('jobs policy'), CUSTOMER, { rules });
        expect(stats().hits).toBe(before.hits + 1);
        expect(again.hits[0]?.docSet).toBe('dp-api-6.5');
        const none = compileRules([]);
        const plain = await engine.search(searchRequest('jobs policy'), CUSTOMER, { rules: none });
        expect(stats().misses).toBe(before.misses + 1);
        expect(plain.hits[0]?.docSet).toBe('dp-6.10');
      });
    });

    describe('index life cycle', () => {
      it('applies page changes and removals, and removes whole doc sets', async () => {
        const base = CONTRACT_CORPUS[0];
        if (base === undefined) throw new Error('empty corpus');
        const docSet = {
          ...base.docSet,
          id: 'scratch',
          product: 'Scratch',
          urlPrefix: '/docs/Scratch',
        };
        const withScratch = { docSetIds: [...CUSTOMER.docSetIds, 'scratch'] };
        const make = (text: string) => textPage('/a.htm', 'Scratch Page', text);
        await engine.applyDocSetChanges({
          docSet,
          upserts: [make('first flamingo text')],
          removals: [],
        });
        expect((await search('flamingo', withScratch)).total).toBe(1);
        const indexed = await engine.indexedPages('scratch');
        expect([...indexed.hashes.entries()]).toEqual([['/a.htm', 'first flamingo text']]);
        await engine.applyDocSetChanges({
          docSet,
          upserts: [make('second pelican text')],
          removals: [],
          basedOn: indexed.revision,
        });
        expect((await search('flamingo', withScratch)).total).toBe(0);
        expect((await search('pelican', withScratch)).total).toBe(1);
        await expect(
          engine.applyDocSetChanges({
            docSet,
            upserts: [],
            removals: ['/a.htm'],
            basedOn: indexed.revision,
          }),
        ).rejects.toMatchObject({ name: 'IndexConflictError' });
        await engine.applyDocSetChanges({ docSet, upserts: [], removals: ['/a.htm'] });
        expect((await search('pelican', withScratch)).total).toBe(0);
        await engine.applyDocSetChanges({
          docSet,
          upserts: [make('third heron text')],
          removals: [],
        });
        expect((await engine.indexedDocSets()).map((d) => d.docSet.id)).toContain('scratch');
        await engine.removeDocSet('scratch');
        expect((await search('heron', withScratch)).total).toBe(0);
        expect((await engine.indexedDocSets()).map((d) => d.docSet.id)).not.toContain('scratch');
      });

      it('shows a changed page by its new title and text, never by rows of an earlier index', async () => {
        const base = CONTRACT_CORPUS[0];
        if (base === undefined) throw new Error('empty corpus');
        const docSet = { ...base.docSet, id: 'rows', product: 'Rows', urlPrefix: '/docs/Rows' };
        const reader = { docSetIds: [...CUSTOMER.docSetIds, 'rows'] };
        const shown = async () => {
          const hit = (await search('gannet', reader)).hits[0];
          return [hit?.title, hit?.breadcrumb, hit?.section, hit?.snippet];
        };
        const edition = (n: string, word: string): PageRecord => ({
          path: '/a.htm',
          title: `Gannet ${n}`,
          breadcrumb: [`Seabirds ${n}`],
          hash: n,
          sections: [{ heading: `Nesting ${n}`, anchor: 'nesting', text: `gannet ${word} cliffs` }],
        });
        await engine.applyDocSetChanges({
          docSet,
          upserts: [edition('one', 'kestrel')],
          removals: [],
        });
        // Twice: the second answer comes from rows kept by the first where an engine keeps them.
        await search('kestrel gannet', reader);
        expect(await shown()).toEqual([
          'Gannet one',
          ['Seabirds one'],
          'Nesting one',
          '<mark>gannet</mark> kestrel cliffs',
        ]);
        await engine.applyDocSetChanges({
          docSet,
          upserts: [edition('two', 'osprey')],
          removals: [],
        });
        expect(await shown()).toEqual([
          'Gannet two',
          ['Seabirds two'],
          'Nesting two',
          '<mark>gannet</mark> osprey cliffs',
        ]);
        await engine.removeDocSet('rows');
      });

      it('keeps the last of a page listed twice in one change, as two changes would', async () => {
        const base = CONTRACT_CORPUS[0];
        if (base === undefined) throw new Error('empty corpus');
        const docSet = { ...base.docSet, id: 'twice', product: 'Twice', urlPrefix: '/docs/Twice' };
        const reader = { docSetIds: [...CUSTOMER.docSetIds, 'twice'] };
        const page = (path: string, text: string) => textPage(path, 'Twice Page', text);
        // Beside each other, and apart by more pages than a store writes in one batch.
        const between = Array.from({ length: 60 }, (_, n) => page(`/p${n}.htm`, `filler ${n}`));
        await engine.applyDocSetChanges({
          docSet,
          upserts: [
            page('/a.htm', 'early walrus'),
            page('/a.htm', 'later narwhal'),
            page('/b.htm', 'early okapi'),
            ...between,
            page('/b.htm', 'later tapir'),
          ],
          removals: [],
        });
        for (const word of ['walrus', 'okapi']) expect((await search(word, reader)).total).toBe(0);
        for (const word of ['narwhal', 'tapir']) expect((await search(word, reader)).total).toBe(1);
        const indexed = await engine.indexedPages('twice');
        expect(indexed.hashes.get('/a.htm')).toBe('later narwhal');
        expect(indexed.hashes.size).toBe(62);
        await engine.removeDocSet('twice');
      });

      it('answers from a write made without warming, before and after warm()', async () => {
        const base = CONTRACT_CORPUS[0];
        if (base === undefined) throw new Error('empty corpus');
        const docSet = {
          ...base.docSet,
          id: 'unwarmed',
          product: 'Unwarmed',
          urlPrefix: '/docs/Unwarmed',
        };
        const reader = { docSetIds: [...CUSTOMER.docSetIds, 'unwarmed'] };
        const page = (path: string, text: string) => textPage(path, `Unwarmed ${path}`, text);
        await engine.applyDocSetChanges(
          { docSet, upserts: [page('/a.htm', 'quetzal plumage')], removals: [] },
          { warm: false },
        );
        // The next search loads the generation the write made.
        expect((await search('quetzal', reader)).total).toBe(1);
        await engine.applyDocSetChanges(
          { docSet, upserts: [page('/b.htm', 'quetzal nest')], removals: [] },
          { warm: false },
        );
        await engine.warm();
        await engine.warm();
        expect((await search('quetzal', reader)).total).toBe(2);
        expect((await search('quetzal nest', reader)).hits[0]?.url).toContain('/b.htm');
        await engine.removeDocSet('unwarmed');
        expect((await search('quetzal', reader)).total).toBe(0);
      });

      it('writes streamed pages in batches, and a stream failing half way changes nothing', async () => {
        const base = CONTRACT_CORPUS[0];
        if (base === undefined) throw new Error('empty corpus');
        const docSet = { ...base.docSet, id: 'streamed', urlPrefix: '/docs/Streamed' };
        const reader = { docSetIds: ['streamed'] };
        const PAGES = 160;
        async function* pages(word: string, failAfter?: number) {
          for (let n = 0; n < PAGES; n++) {
            if (n === failAfter) throw new Error('the parser died');
            // A turn of the event loop between pages, as when they come from worker threads.
            await new Promise<void>((resolve) => setImmediate(resolve));
            yield {
              path: `/p${n}.htm`,
              title: `Streamed page ${n}`,
              breadcrumb: [],
              hash: `${word}${n}`,
              sections: [{ heading: '', anchor: '', text: `${word} text number${n}` }],
            };
          }
        }
        const progress: number[] = [];
        await engine.applyDocSetChanges(
          { docSet, upserts: pages('albatross'), removals: [] },
          { onProgress: (p) => progress.push(p.done) },
        );
        expect((await search('albatross', reader)).total).toBe(PAGES);
        expect(progress.at(-1)).toBe(PAGES);
        expect(progress.filter((done) => done > 0 && done < PAGES).length).toBeGreaterThan(0);
        const before = await engine.indexedPages('streamed');
        expect(before.hashes.size).toBe(PAGES);

        await expect(
          engine.applyDocSetChanges({ docSet, upserts: pages('cormorant', 130), removals: [] }),
        ).rejects.toThrow('the parser died');
        expect((await search('cormorant', reader)).total).toBe(0);
        expect((await search('albatross', reader)).total).toBe(PAGES);
        const after = await engine.indexedPages('streamed');
        expect(after.revision).toBe(before.revision);
        expect(after.hashes.get('/p7.htm')).toBe('albatross7');

        // An empty stream with nothing else changed is no change at all.
        async function* nothing() {}
        await engine.applyDocSetChanges({ docSet, upserts: nothing(), removals: [] });
        expect((await engine.indexedPages('streamed')).revision).toBe(before.revision);

        // The failed write left nothing behind for the next one (terms it had numbered, say).
        await engine.applyDocSetChanges({ docSet, upserts: pages('cormorant'), removals: [] });
        expect((await search('cormorant', reader)).total).toBe(PAGES);
        expect((await search('albatross', reader)).total).toBe(0);
        await engine.removeDocSet('streamed');
      });

      it('gives the event loop a turn between pages that are slow to split into terms', async () => {
        const base = CONTRACT_CORPUS[0];
        if (base === undefined) throw new Error('empty corpus');
        const docSet = { ...base.docSet, id: 'slow', urlPrefix: '/docs/Slow' };
        const PAGES = 20;
        const PAGE_MS = 12;
        // Pages whose sections take PAGE_MS of this thread's time the first time they are read,
        // as a large page takes to be split into terms.
        const pages = Array.from({ length: PAGES }, (_, n) => {
          const sections = [{ heading: '', anchor: '', text: `slowpoke page${n}` }];
          let read = false;
          return {
            path: `/s${n}.htm`,
            title: `Slow page ${n}`,
            breadcrumb: [],
            hash: `slow${n}`,
            get sections() {
              if (!read) {
                read = true;
                const until = performance.now() + PAGE_MS;
                while (performance.now() < until);
              }
              return sections;
            },
          };
        });
        // The longest time the event loop had no turn while the write ran.
        let last = performance.now();
        let longest = 0;
        let running = true;
        const turn = () => {
          const now = performance.now();
          longest = Math.max(longest, now - last);
          last = now;
          if (running) setImmediate(turn);
        };
        setImmediate(turn);
        await engine.applyDocSetChanges({ docSet, upserts: pages, removals: [] }, { warm: false });
        running = false;
        expect((await search('slowpoke', { docSetIds: ['slow'] })).total).toBe(PAGES);
        // All in one go would be PAGES * PAGE_MS = 240 ms without a turn.
        expect(longest).toBeLessThan(100);
        await engine.removeDocSet('slow');
      });

      it('applies a change to doc set metadata such as its product', async () => {
        const helios = CONTRACT_CORPUS.find((d) => d.docSet.id === 'helios');
        if (helios === undefined) throw new Error('helios missing');
        await engine.applyDocSetChanges({
          docSet: { ...helios.docSet, product: 'Helios Cloud' },
          upserts: [],
          removals: [],
        });
        const renamed = await search('helios dashboard');
        expect(renamed.hits.find((h) => h.docSet === 'helios')?.product).toBe('Helios Cloud');
        expect(renamed.facets.product.map((f) => f.value)).toContain('Helios Cloud');
        await engine.applyDocSetChanges({ docSet: helios.docSet, upserts: [], removals: [] });
        const restored = await search('helios dashboard');
        expect(restored.hits.find((h) => h.docSet === 'helios')?.product).toBe('Helios');
      });

      it('reports its size and answers ping', async () => {
        const stats = await engine.stats();
        expect(stats.docSets).toBe(CONTRACT_CORPUS.length);
        expect(stats.pages).toBe(CONTRACT_CORPUS.reduce((n, d) => n + d.pages.length, 0));
        expect(stats.sections).toBeGreaterThan(stats.pages);
        expect(stats.bytes).toBeGreaterThan(0);
        await expect(engine.ping()).resolves.toBeUndefined();
      });
    });

    describe('known items: a page found by its own title', () => {
      // A reader of the main corpus and of the known-item doc sets.
      const knownReader: ReaderAccess = {
        docSetIds: [...CUSTOMER.docSetIds, ...KNOWN_ITEM_CORPUS.map(({ docSet }) => docSet.id)],
      };
      const knownSearch = (q: string, overrides: Partial<SearchRequest> = {}) =>
        search(q, knownReader, overrides);

      indexedForTheseTests(KNOWN_ITEM_CORPUS);

      it('ranks a page titled exactly as the query first however far down the first pass it is', async () => {
        const response = await knownSearch('Schedule');
        expect(response.total).toBeGreaterThan(60);
        expect(paths(response)[0]).toBe('/docs/Planner/Content/Schedule.htm');
        const filtered = await knownSearch('Schedule', { product: ['Planner'] });
        expect(paths(filtered)[0]).toBe('/docs/Planner/Content/Schedule.htm');
      });

      it('tolerates one typo in a four-letter word', async () => {
        expect(titles(await knownSearch('Leds'))[0]).toBe('Leads');
        expect((await knownSearch('Leds')).suggestion).toBe('leads');
      });

      it('reads curly quotes as text, not as a strict phrase', async () => {
        expect(titles(await knownSearch('Why does “Safe Mdoe” block plans'))[0]).toBe(
          'Why Does “Safe Mode” Block Plans?',
        );
        const curly = await knownSearch('“retention period”');
        expect(curly.total).toBe((await knownSearch('retention period')).total);
        expect(curly.total).toBeGreaterThan((await knownSearch('"retention period"')).total);
      });

      it('ranks the page titled as the query above one that only uses its words', async () => {
        expect(titles(await knownSearch('Import Schedules')).slice(0, 2)).toEqual([
          'Import Schedules',
          'Importing a Schedule',
        ]);
        expect(titles(await knownSearch('Importing a Schedule'))[0]).toBe('Importing a Schedule');
      });
    });

    describe('versions: one hit per page, with the other versions the reader may read', () => {
      const versionReader = (kind: string): ReaderAccess => ({
        docSetIds: VERSIONS_CORPUS.filter(
          ({ audience }) => audience.includes('*') || audience.includes(kind),
        ).map(({ docSet }) => docSet.id),
      });
      const customer = versionReader('customer');
      const employee = versionReader('employee');
      // Hits by path (their order is the ranking's business, not this block's).
      const hitsOf = (response: SearchResponse) =>
        response.hits
          .map((h) => ({
            path: h.url.split('?')[0] as string,
            version: h.version,
            alsoIn: (h.alsoIn ?? []).map((o) => `${o.version} ${o.url}`),
          }))
          .sort((a, b) => (a.path < b.path ? -1 : 1));

      indexedForTheseTests(VERSIONS_CORPUS);

      it('shows the newest readable version (2.10 after 2.9) with "also in" links to the others', async () => {
        const response = await search('vaultkey', customer);
        expect(hitsOf(response)).toEqual([
          {
            path: '/docs/Vault/2.10/Content/Keys.htm',
            version: '2.10',
            alsoIn: ['2.9 /docs/Vault/2.9/Content/Keys.htm?Highlight=vaultkey'],
          },
          { path: '/docs/Vault/2.10/Content/Tokens.htm', version: '2.10', alsoIn: [] },
        ]);
        expect(response.total).toBe(2);
        expect(response.facets.product).toEqual([{ value: 'Vault', count: 2 }]);
        expect(response.facets.docType).toEqual([{ value: 'User Guide', count: 2 }]);
        expect(response.facets.version).toEqual([
          { value: '2.10', count: 2 },
          { value: '2.9', count: 2 },
        ]);
      });

      it('never shows, links or counts a version the reader may not read', async () => {
        const staff = await search('vaultkey', employee);
        expect(hitsOf(staff)[0]).toEqual({
          // Keys.htm
          path: '/docs/Vault/3.0/Content/Keys.htm',
          version: '3.0',
          alsoIn: [
            '2.10 /docs/Vault/2.10/Content/Keys.htm?Highlight=vaultkey',
            '2.9 /docs/Vault/2.9/Content/Keys.htm?Highlight=vaultkey',
          ],
        });
        expect(staff.total).toBe(2);
        const reader = await search('vaultkey', customer, { fromVersion: '3.0' });
        const seen = JSON.stringify(reader);
        expect(seen).not.toContain('vault-3.0');
        expect(seen).not.toContain('/Vault/3.0');
        expect(reader.hits.map((h) => h.version)).toEqual(['2.10', '2.10']);
      });

      it('prefers the version the reader came from, and a chosen version over that', async () => {
        const from = await search('vaultkey', customer, { fromVersion: '2.9' });
        expect(hitsOf(from)).toEqual([
          { path: '/docs/Vault/2.9/Content/Import.htm', version: '2.9', alsoIn: [] },
          {
            path: '/docs/Vault/2.9/Content/Keys.htm',
            version: '2.9',
            alsoIn: ['2.10 /docs/Vault/2.10/Content/Keys.htm?Highlight=vaultkey'],
          },
        ]);
        expect(from.total).toBe(2);
        const chosen = await search('vaultkey', customer, {
          fromVersion: '2.9',
          version: ['2.10'],
        });
        expect(chosen.hits.map((h) => h.version)).toEqual(['2.10', '2.10']);
        const both = await search('vaultkey', customer, { version: ['2.9', '2.10'] });
        expect(hitsOf(both).map((h) => h.path)).toEqual([
          '/docs/Vault/2.10/Content/Keys.htm',
          '/docs/Vault/2.10/Content/Tokens.htm',
        ]);
        expect(both.total).toBe(2);
      });

      it('treats doc sets of one versionGroup as versions of each other across products', async () => {
        const response = await search('orbitstart', customer);
        expect(response.total).toBe(1);
        expect(response.hits[0]).toMatchObject({
          product: 'Orbit Cloud',
          version: '2.0',
          alsoIn: [
            {
              version: '1.0',
              docSet: 'orbit-1',
              url: '/docs/orbit-1/start.htm?Highlight=orbitstart',
            },
          ],
        });
      });
    });
    describe('section labels: words that head a section on most pages that hold them', () => {
      const loomReader: ReaderAccess = { docSetIds: LABEL_CORPUS.map(({ docSet }) => docSet.id) };
      const loom = (q: string) => search(q, loomReader);

      indexedForTheseTests(LABEL_CORPUS);

      it('finds the page about the other word first, though it has no section so headed', async () => {
        // Every weave's page says threads under `Overview` and `Options`; the page about threads
        // has neither heading. A back-of-book entry and its subentry ask for the latter.
        for (const q of ['threads overview', 'Threads Options', 'threads overveiw']) {
          expect(titles(await loom(q))[0], q).toBe('2. Threads');
        }
      });

      it('still links to the labelled section of the page the other word names', async () => {
        const response = await loom('twill overview');
        expect(titles(response)[0]).toBe('4.2. Twill Weave');
        expect(response.hits[0]?.sections[0]?.heading).toBe('Overview');
        // A label asked alone is what was asked for: every page it heads a section of.
        expect((await loom('overview')).total).toBe(WEAVE_PAGES);
      });
    });

    describe('precision: definitions, code tokens, unspaced scripts', () => {
      const precisionReader: ReaderAccess = {
        docSetIds: PRECISION_CORPUS.map(({ docSet }) => docSet.id),
      };
      const precise = (q: string) => search(q, precisionReader);

      indexedForTheseTests(PRECISION_CORPUS);

      it('ranks the page that defines a one-word identifier above pages that mention it', async () => {
        for (const name of ['exp', 'power', 'mod', 'random', 'min']) {
          const response = await precise(name);
          expect(titles(response)[0], name).toBe('Mathematical Functions and Operators');
          expect(response.hits[0]?.sections[0]?.heading, name).toBe('Mathematical functions');
          expect(response.total, name).toBeGreaterThan(1);
        }
      });

      it('does not take a title of some words of a name for the name', async () => {
        // `shelf_privileges` says every part of `has_shelf_privilege` searched but not `has`, a
        // stop word left out of its parts; `Shelf` one part of `shelf_balance`. Neither names
        // the function the reader typed.
        for (const name of ['shelf_balance', 'has_shelf_privilege']) {
          expect(titles(await precise(name))[0], name).toBe('Shelf Functions');
        }
        // The view by its own name.
        expect(titles(await precise('shelf_privileges'))[0]).toBe('shelf_privileges');
      });

      it('completes a name typed up to a separator, not the word before it', async () => {
        // `shelf_` is one edit from `shelf`, whose page says the word most; the reader is typing
        // the next part of a name.
        const typed = titles(await precise('shelf_'));
        expect(typed.slice(0, 2).sort()).toEqual(['Shelf Functions', 'shelf_privileges']);
        expect(typed).not.toContain('Shelf');
      });

      it('completes a name typed up to a dot, a hyphen or two colons', async () => {
        // The tokenizer drops a separator that ends a text; typed, it is the name going on.
        expect(titles(await precise('geo.Mesh.'))[0]).toBe('geo.Mesh.resize');
        const complete = async (q: string) =>
          (await engine.suggest({ q, limit: 8, kind: 'query' }, precisionReader)).suggestions;
        expect(await complete('geo.Mesh.')).toEqual([{ kind: 'query', text: 'geo.mesh.resize' }]);
        // What was typed before the word stays as it was, the dashes of a flag included.
        expect(await complete('sqltool --dry-')).toEqual([
          { kind: 'query', text: 'sqltool --dry-run' },
        ]);
        expect(await complete('std::')).toEqual([{ kind: 'query', text: 'std::vector' }]);
        // A full stop after plain words ends a sentence: nothing is being typed.
        expect(await complete('run the sqltool.')).toEqual([]);
      });

      it('finds code tokens whole and by part, with highlights', async () => {
        for (const q of [
          'ORA-00942',
          '00942',
          'max_connections',
          'max connections',
          '--dry-run',
          'std::vector',
          'HTTP 404',
        ]) {
          expect(titles(await precise(q))[0], q).toBe('Error Messages');
        }
        const whole = await precise('ORA-00942');
        expect(whole.hits[0]?.sections[0]?.snippet).toContain('<mark>ORA-00942</mark>');
        const part = await precise('max_connections');
        expect(part.hits[0]?.sections[0]?.snippet).toContain('<mark>max_connections</mark>');
      });

      it('finds words inside Japanese text and keeps voicing marks apart', async () => {
        const file = await precise('ファイル');
        expect(titles(file)).toEqual(['ユーザーガイド']);
        // The hit sends the page the word as the page's highlighter splits its text (markTerms).
        expect(new URL(file.hits[0]?.url ?? '', 'https://x').searchParams.get('Highlight')).toBe(
          'ファイル',
        );
        expect(titles(await precise('ガイド'))).toEqual(['ユーザーガイド']);
        expect(titles(await precise('カイト'))).toEqual(['カイト']);
      });

      it('finds Hindi and Thai words whole, with their vowel signs and tone marks', async () => {
        // Each word has combining marks (viramas, vowel signs, a nukta, Thai vowel and tone marks).
        for (const q of ['स्थापना', 'दस्तावेज़', 'देखें', 'คู่มือ', 'ติดตั้ง']) {
          expect(titles(await precise(q)), q).toEqual(['Setup in Hindi and Thai']);
        }
        // A word being typed that ends in a vowel sign is completed.
        expect(titles(await precise('स्था'))).toEqual(['Setup in Hindi and Thai']);
        // नदी shares only letters with words of the page, not a word: it finds nothing.
        expect(titles(await precise('नदी'))).toEqual([]);
        const hindi = await precise('स्थापना');
        expect(hindi.hits[0]?.sections[0]?.snippet).toContain('<mark>स्थापना</mark>');
        const thai = await precise('คู่มือ');
        expect(thai.hits[0]?.sections[0]?.snippet).toContain('<mark>คู่มือ</mark>');
      });

      it("ranks a method's own page above its class's page for the method, class and a qualifier", async () => {
        // The class page says every word more often; the method page's title says most of them.
        for (const name of ['resize', 'copy', 'trace']) {
          const response = await precise(`${name} geo.Grid method`);
          expect(titles(response)[0], name).toBe(`geo.Grid.${name}`);
          expect(titles(response), name).toContain('geo.Grid');
        }
        expect(titles(await precise('resize geo.Mesh method'))[0]).toBe('geo.Mesh.resize');
      });

      it("links a module's function to its entry, though it is named with another form of the module's name", async () => {
        // `glazing` and `glaze` share a stem: as a form of `glazing`, `glaze` made every section
        // of the module's page say both words, and the top, saying `module` too, took the link.
        const response = await precise('glazing in module glaze');
        expect(response.hits[0]?.url).toContain('/library/glaze.html');
        expect(response.hits[0]?.sections[0]?.anchor).toBe('glaze.glazing');
      });

      it("links a class's member headed without its module to that class's, not to its namesake's", async () => {
        // `Day.today()` says `tide.Day`, the qualifier it was defined with, as `Tide.today()`
        // says `tide.Tide`; the module's name alone is in every section's title.
        for (const [q, anchor] of [
          ['today tide.Day class method', 'tide.Day.today'],
          ['today tide.Tide class method', 'tide.Tide.today'],
        ]) {
          const response = await precise(q as string);
          expect(response.hits[0]?.sections[0]?.anchor, q).toBe(anchor);
        }
      });

      it('ranks the page saying the word as typed above pages saying only its other forms', async () => {
        // `return`, `returns` and `returned` share the stem of `returning`: summed before
        // saturation, a chapter saying them in every section scored as high as the clause's page.
        for (const q of ['RETURNING', 'returning']) {
          const response = await precise(q);
          expect(response.hits[0]?.url, q).toContain('/dml-returning.html');
        }
      });

      it("ranks a module's page above its package's page for the module's qualified name", async () => {
        // The package's page is titled with the first part of the name alone: a title naming
        // another thing, which must not lead the module's own page, titled with the whole name.
        for (const [q, path] of [
          ['ferry.freight', '/library/ferry.freight.html'],
          ['ferry.crossing', '/library/ferry.crossing.html'],
          ['ferry', '/library/ferry.html'],
        ]) {
          const response = await precise(q as string);
          expect(response.hits[0]?.url, q).toContain(path);
        }
      });

      it('takes no name as a misspelling of another whose parts differ beyond what each part tolerates', async () => {
        // `post_migrate` is two edits from `test_migrate`, which a word of 12 letters tolerates,
        // but both edits fall in `test`, a word of 4 letters the index knows: another name.
        const response = await precise('TEST_MIGRATE');
        expect(response.hits[0]?.url).toContain('/ref/settings.html');
        expect(response.hits[0]?.sections[0]?.anchor).toBe('std-setting-TEST_MIGRATE');
        expect(response.hits.some((hit) => hit.url.includes('/ref/signals.html'))).toBe(false);
      });

      it("finds a misspelled word's correction in the singular, where a title says it so", async () => {
        // `mneus` is read `menus`; the menu's own page is titled `The “Batch” Menu`.
        for (const [q, path] of [
          ['mneus batch', '/batch-menu.html'],
          ['recipe mneus', '/recipe-menu.html'],
        ]) {
          const response = await precise(q as string);
          expect(response.hits[0]?.url, q).toContain(path);
        }
      });

      it('links to the entry named in the case typed, where two names differ only in case', async () => {
        // The index reads `mark.Stamp` and `mark.stamp` alike: their entries nearly tie.
        for (const [q, anchor] of [
          ['stamp', 'mark.stamp'],
          ['Stamp', 'mark.Stamp'],
          ['mark.stamp', 'mark.stamp'],
          ['mark.Stamp', 'mark.Stamp'],
          ['stamp in module mark', 'mark.stamp'],
          ['Stamp class in mark', 'mark.Stamp'],
        ]) {
          const response = await precise(q as string);
          expect(response.hits[0]?.url, q).toContain('/library/mark.html');
          expect(response.hits[0]?.sections[0]?.anchor, q).toBe(anchor);
        }
      });

      it('links a method name to its own entry, not to longer names that start with it', async () => {
        // `get` is typed last, so it is also read as the start of `get_mut` and `get_or_default`:
        // those hold `get` as a part already and must not count it twice.
        for (const q of ['Ring get', 'get', 'ring::Ring get']) {
          const response = await precise(q);
          expect(response.hits[0]?.sections[0]?.anchor, q).toBe('method.get');
        }
        // Another part of the longer name in the query still finds it first.
        expect((await precise('get or_default'))?.hits[0]?.sections[0]?.anchor).toBe(
          'method.get_or_default',
        );
        expect((await precise('Ring get_m'))?.hits[0]?.sections[0]?.anchor).toBe('method.get_mut');
      });

      it('links a method name to its own entry, not to camelCase names that start with it, in a query about code', async () => {
        // `trimEnd` is indexed as `trim`, `end` and `trimend`: read as a completion of `trim`
        // typed last, it would count `trim` twice. The class named in camelCase says the query
        // is about code; a query of plain words keeps such completions (`workflow` of `work`
        // holds no part of its own).
        for (const q of ['GlazeUtils trim', 'org.kiln.GlazeUtils trim']) {
          const response = await precise(q);
          expect(response.hits[0]?.sections[0]?.anchor, q).toBe('trim(java.lang.String)');
        }
        // Another part of the longer name in the query still finds it first, as does the name
        // still being typed.
        for (const q of ['GlazeUtils trim end', 'GlazeUtils trimE']) {
          const response = await precise(q);
          expect(response.hits[0]?.sections[0]?.anchor, q).toBe('trimEnd(java.lang.String)');
        }
      });

      it("links a method to its own entry, not to the constructor whose class's name completes it", async () => {
        // `sorter`, a part of `GlazeSorter`, would complete `sort` typed last: the constructor,
        // headed by the class's name, then matched both words.
        for (const q of ['GlazeSorter sort', 'org.kiln.GlazeSorter sort']) {
          const response = await precise(q);
          expect(response.hits[0]?.url, q).toContain('/GlazeSorter.html');
          expect(response.hits[0]?.sections[0]?.anchor, q).toBe('sort(java.lang.String[])');
        }
        // The class alone still opens at its constructor's entry.
        expect((await precise('GlazeSorter'))?.hits[0]?.sections[0]?.anchor).toBe('<init>()');
      });

      it("links a class's method, not a method of a class whose name is made of the same words", async () => {
        // `KilnFloat`'s `intValue()` says `kiln`, `float`, `int` and `value`, the parts of both
        // query words; only `KilnInt`'s page says `kilnint` whole.
        for (const [q, page, anchor] of [
          ['KilnInt floatValue', '/KilnInt.html', 'floatValue()'],
          ['KilnFloat intValue', '/KilnFloat.html', 'intValue()'],
          ['org.kiln.KilnInt floatValue', '/KilnInt.html', 'floatValue()'],
          ['KilnFloat longValue', '/KilnFloat.html', 'longValue()'],
        ] as const) {
          const response = await precise(q);
          expect(response.hits[0]?.url, q).toContain(page);
          expect(response.hits[0]?.sections[0]?.anchor, q).toBe(anchor);
        }
        // A name no page says whole is still found by its parts.
        expect((await precise('KilnFloatValue'))?.hits[0]?.sections[0]?.anchor).toBe(
          'floatValue()',
        );
      });

      it('reads a CamelCase name typed in lower case, and a method named with a stop word', async () => {
        // `tilematrix` is the one word `TileMatrix`: the page titled so says it, and the class's
        // page says `geo tilematrix`. `at` in `geo.TileMatrix.at` names a method, not a stop
        // word: that page says more than `geo TileMatrix`, and follows the overview.
        expect(titles(await precise('tilematrix'))[0]).toBe('TileMatrix');
        for (const query of ['geo tilematrix', 'geo TileMatrix']) {
          expect(titles(await precise(query)).slice(0, 2), query).toEqual([
            'geo.TileMatrix',
            'TileMatrix',
          ]);
        }
      });

      it("ranks the pages a qualified name titles with the query's word first, the object's own first of them", async () => {
        // An API reference titles a page per object with its full name: the last part names the
        // object. The class page and the release notes say the words more often.
        for (const q of ['resize', 'Resize', 'resiz']) {
          expect(
            titles(await precise(q))
              .slice(0, 2)
              .sort(),
            q,
          ).toEqual(['geo.Grid.resize', 'geo.Mesh.resize']);
        }
        expect(titles(await precise('fill'))[0]).toBe('geo.TileMatrix.fill');
        expect(titles(await precise('tile_size'))[0]).toBe('geo.TileMatrix.tile_size');
        expect(titles(await precise('grid'))[0]).toBe('geo.Grid');
        // The module's own function before a class's method of the same name, which says the
        // word more often.
        expect(titles(await precise('levels')).slice(0, 2)).toEqual([
          'geo.levels',
          'geo.TileMatrix.levels',
        ]);
        // Of two titles saying only the query's words, the one saying them in fewer words.
        expect(titles(await precise('geo grid')).slice(0, 2)).toEqual([
          'geo.Grid',
          'geo.Grid.grid',
        ]);
        // A page titled as the query stays above a qualified name ending with it.
        expect(titles(await precise('TileMatrix')).slice(0, 2)).toEqual([
          'TileMatrix',
          'geo.TileMatrix',
        ]);
      });

      it('ranks the page that names the query before a dash above notes with a section on it', async () => {
        // `tilecache — Keeps map tiles in memory`: the release notes head a section `tilecache`
        // and say the word more often.
        expect(titles(await precise('tilecache'))[0]).toBe('tilecache — Keeps map tiles in memory');
      });

      it('reads a numbered title as its words, and its number when it is asked for', async () => {
        // "5.16. Rotation" is titled exactly what was searched; the longer page says it more.
        expect(titles(await precise('Rotation'))[0]).toBe('5.16. Rotation');
        expect(titles(await precise('activating the command'))[0]).toBe('5.16. Rotation');
        // Its label does not keep a title that starts with an article from saying the query.
        expect(titles(await precise('brush editor'))[0]).toBe('6.3. The Brush Editor');
        // Three pages share a title: the section number tells them apart.
        for (const label of ['2.7', '5.5', '7.5']) {
          const response = await precise(`${label}. Putting It All Together`);
          expect(titles(response)[0], label).toBe(`${label}. Putting It All Together`);
        }
      });

      it('also lists pages holding some of the words when few hold them all', async () => {
        // As an index entry names it: "Rotation overview" is the page on rotation, which never
        // says "overview"; one page says both words, fewer than a page of results.
        const response = await precise('rotation overview');
        expect(titles(response)[0]).toBe('What Is New');
        expect(titles(response)).toContain('5.16. Rotation');
      });

      it('ranks the one page holding a rare word as typed, among many with a near spelling', async () => {
        // `more`, one edit from `moire`, is searched too: its sixty short pages must not keep the
        // long glossary that alone says the word from being ranked at all.
        const response = await precise('moire');
        expect(titles(response)).toContain('Glossary');
        expect(response.hits.find((h) => h.title === 'Glossary')?.sections[0]?.heading).toBe(
          'Moiré Effect',
        );
      });

      it('ranks the section headed by the word among pages that only use it', async () => {
        // Sixty short pages say `opacity` in passing; the glossary defines it under a heading of its
        // own, one of sixteen, whose sum buried the page when it was scored as a whole (51st).
        const response = await precise('opacity');
        expect(titles(response)[0]).toBe('Glossary');
        expect(response.hits[0]?.sections[0]?.heading).toBe('Opacity');
      });

      it('finds a token longer than 64 characters', async () => {
        const digest = '9f86d081884c7d659a2feaa0c55ad015'.repeat(3);
        expect(titles(await precise(digest))).toEqual(['Checksums']);
      });
    });
  });
}
