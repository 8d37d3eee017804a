import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsStore, SearchEvent } from '../AnalyticsStore';
import type { FeedbackEvent } from '../feedback/FeedbackEvents';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2025, 2, 10, 9, 0, 0);
const ALL = { from: new Date(START - DAY), to: new Date(START + 30 * DAY) };

function answer(overrides: Partial<FeedbackEvent> & { offsetMs?: number } = {}): FeedbackEvent {
  const { offsetMs = 0, ...rest } = overrides;
  return {
    docSetId: 'guide',
    release: 3,
    page: 'install/a.htm',
    anchor: null,
    helpful: false,
    reason: 'outdated',
    comment: null,
    kind: 'customer',
    at: new Date(START + offsetMs),
    dedupeKey: `key-${Math.random()}`,
    ...rest,
  };
}

function search(query: string, offsetMs: number, resultCount = 3): SearchEvent {
  return {
    query,
    filters: { product: ['Helios'] },
    resultCount,
    tookMs: 1,
    kind: 'customer',
    at: new Date(START + offsetMs),
  };
}

/**
 * The contract of the feedback and content-gap members of every AnalyticsStore (SQLite,
 * PostgreSQL): `makeStore` answers a fresh, empty store.
 */
export function runFeedbackStoreContract(
  name: string,
  makeStore: () => Promise<AnalyticsStore>,
): void {
  describe(`AnalyticsStore feedback contract: ${name}`, () => {
    let store: AnalyticsStore;
    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps one salt for the deployment', async () => {
      const salt = await store.feedbackSalt();
      expect(salt.length).toBeGreaterThanOrEqual(32);
      expect(await store.feedbackSalt()).toBe(salt);
    });

    it('stores an answer once per dedupe key and lists answers newest first', async () => {
      expect(await store.recordFeedback(answer({ dedupeKey: 'a', comment: '<b>old</b>' }))).toBe(
        true,
      );
      expect(await store.recordFeedback(answer({ dedupeKey: 'a', offsetMs: 10 }))).toBe(false);
      expect(
        await store.recordFeedback(
          answer({
            dedupeKey: 'b',
            helpful: true,
            reason: null,
            anchor: 'step-2',
            kind: 'partner',
            offsetMs: 20,
          }),
        ),
      ).toBe(true);
      const listed = await store.listFeedback(ALL, { docSetIds: ['guide'] });
      expect(listed).toEqual([
        {
          docSetId: 'guide',
          release: 3,
          page: 'install/a.htm',
          anchor: 'step-2',
          helpful: true,
          reason: null,
          comment: null,
          kind: 'partner',
          at: new Date(START + 20),
        },
        {
          docSetId: 'guide',
          release: 3,
          page: 'install/a.htm',
          anchor: null,
          helpful: false,
          reason: 'outdated',
          comment: '<b>old</b>',
          kind: 'customer',
          at: new Date(START),
        },
      ]);
    });

    it('lists only the doc sets asked for, within the period', async () => {
      await store.recordFeedback(answer({ docSetId: 'runbooks' }));
      await store.recordFeedback(answer({ offsetMs: 40 * DAY }));
      expect(await store.listFeedback(ALL, { docSetIds: ['guide'] })).toEqual([]);
      expect(await store.listFeedback(ALL, { docSetIds: [] })).toEqual([]);
      expect(await store.listFeedback(ALL, { docSetIds: ['runbooks'] })).toHaveLength(1);
    });

    it('counts negative answers per page with their reasons', async () => {
      await store.recordFeedback(answer({ reason: 'outdated' }));
      await store.recordFeedback(answer({ reason: 'outdated', offsetMs: 1 }));
      await store.recordFeedback(answer({ reason: 'incorrect', offsetMs: 2 }));
      await store.recordFeedback(answer({ page: 'b.htm', reason: 'other', offsetMs: 3 }));
      await store.recordFeedback(answer({ helpful: true, reason: null, offsetMs: 4 }));
      const signals = await store.gapSignals(ALL);
      expect(signals.negativeFeedback).toEqual([
        {
          docSetId: 'guide',
          page: 'install/a.htm',
          count: 3,
          reasons: { outdated: 2, incorrect: 1 },
        },
        { docSetId: 'guide', page: 'b.htm', count: 1, reasons: { other: 1 } },
      ]);
    });

    it('counts landings on missing pages and anchors', async () => {
      const at = new Date(START);
      await store.recordMissingLanding({
        docSetId: 'guide',
        path: 'gone.htm',
        kind: 'customer',
        at,
      });
      await store.recordMissingLanding({
        docSetId: 'guide',
        path: 'gone.htm',
        kind: 'partner',
        at,
      });
      await store.recordMissingLanding({
        docSetId: 'guide',
        path: 'a.htm',
        anchor: 'old-step',
        kind: 'customer',
        at,
      });
      const signals = await store.gapSignals(ALL);
      expect(signals.missingLandings).toEqual([
        { docSetId: 'guide', path: 'gone.htm', anchor: null, count: 2 },
        { docSetId: 'guide', path: 'a.htm', anchor: 'old-step', count: 1 },
      ]);
    });

    it('finds zero-result searches, searches without a click and reformulations', async () => {
      const MIN = 60_000;
      await store.recordSearch(search('bakcup', 0, 0));
      await store.recordSearch(search('backup', 10 * MIN, 7));
      await store.recordClick({
        query: 'backup',
        rank: 1,
        url: '/docs/guide/a.htm',
        kind: 'customer',
        at: new Date(START + 10 * MIN + 5000),
      });
      await store.recordSearch(search('vm snapshot', 100 * MIN, 4));
      await store.recordSearch(search('snapshot of a virtual machine', 100 * MIN + 20_000, 2));
      await store.recordSearch(search('license', 300 * MIN, 5));
      const signals = await store.gapSignals(ALL);
      expect(signals.zeroResult).toEqual([
        { query: 'bakcup', count: 1, samples: [], products: ['Helios'] },
      ]);
      expect(signals.noClick.map((s) => s.query).sort()).toEqual([
        'license',
        'snapshot of a virtual machine',
        'vm snapshot',
      ]);
      expect(signals.reformulated).toEqual([
        {
          query: 'vm snapshot',
          count: 1,
          samples: ['snapshot of a virtual machine'],
          products: ['Helios'],
        },
      ]);
    });

    it('names the queries readers opened a page from, most first', async () => {
      const click = (query: string, url: string, offsetMs = 0) =>
        store.recordClick({
          query,
          rank: 1,
          url,
          kind: 'customer',
          at: new Date(START + offsetMs),
        });
      await click('install', '/docs/guide/a.htm?Highlight=install#s1');
      await click('install', '/docs/guide/a.htm', 1);
      await click('setup', '/docs/guide/a.htm#top', 2);
      await click('other', '/docs/guide/a.htm.bak', 3);
      await click('other', '/docs/guide/A.htm', 4);
      await click('late', '/docs/guide/a.htm', 40 * DAY);
      expect(await store.queriesOpening(ALL, ['/docs/guide/a.htm', '/docs/guide/b.htm'])).toEqual({
        '/docs/guide/a.htm': ['install', 'setup'],
        '/docs/guide/b.htm': [],
      });
      expect(await store.queriesOpening(ALL, ['/docs/guide/a.htm'], 1)).toEqual({
        '/docs/guide/a.htm': ['install'],
      });
    });

    it('lets one caller claim the gap delivery of a day', async () => {
      const claims = await Promise.all([
        store.claimGapDelivery('2025-03-10'),
        store.claimGapDelivery('2025-03-10'),
      ]);
      expect(claims.sort()).toEqual([false, true]);
      expect(await store.claimGapDelivery('2025-03-11')).toBe(true);
    });

    it('purges feedback and landings with the other events', async () => {
      await store.recordFeedback(answer({ offsetMs: -2 * DAY }));
      await store.recordMissingLanding({
        docSetId: 'guide',
        path: 'gone.htm',
        kind: 'customer',
        at: new Date(START - 2 * DAY),
      });
      expect(await store.purgeBefore(new Date(START))).toBe(2);
    });
  });
}
