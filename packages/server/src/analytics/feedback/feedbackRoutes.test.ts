import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFeedbackApp, type FeedbackApp } from '../../../test/feedback/feedbackHarness';

const PERIOD = { from: new Date('2025-03-01'), to: new Date('2025-04-01') };
const ALL_IDS = { docSetIds: ['guide', 'runbooks', 'partners'] };

describe('feedback routes', () => {
  let h: FeedbackApp;
  beforeEach(async () => {
    h = await startFeedbackApp({ rateLimit: { max: 5, windowMs: 60_000 } });
  });
  afterEach(async () => {
    await h.close();
  });

  const post = (
    headers: Record<string, string>,
    payload: unknown,
    url = '/docs/analytics/feedback',
  ) => h.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const stored = () => h.store.listFeedback(PERIOD, ALL_IDS);

  it('stores a "no" with doc set, release, page, section, reason, comment and reader kind only', async () => {
    const headers = await h.signedIn('partner');
    const answer = await post(headers, {
      url: '/docs/guide/install/a.htm?Highlight=x#step-2',
      helpful: false,
      reason: 'outdated',
      comment: '  Step 2 names the old menu.  ',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ stored: true });
    expect(await stored()).toEqual([
      {
        docSetId: 'guide',
        release: 1,
        page: 'install/a.htm',
        anchor: 'step-2',
        helpful: false,
        reason: 'outdated',
        comment: 'Step 2 names the old menu.',
        kind: 'partner',
        at: new Date('2025-03-20T12:00:00Z'),
      },
    ]);
  });

  it('takes a folder address as its default page and a "yes" without reason', async () => {
    const answer = await post(await h.signedIn('customer'), { url: '/docs/guide/', helpful: true });
    expect(answer.json()).toEqual({ stored: true });
    expect((await stored())[0]).toMatchObject({ page: 'Default.htm', helpful: true, reason: null });
  });

  it('keeps one answer per reader, page and day', async () => {
    const body = { url: '/docs/guide/install/a.htm', helpful: true };
    const first = await h.signedIn('customer', 'reader-a');
    expect((await post(first, body)).json()).toEqual({ stored: true });
    // A new session of the same reader is still the same reader.
    expect((await post(await h.signedIn('customer', 'reader-a'), body)).json()).toEqual({
      stored: false,
    });
    expect((await post(first, { ...body, url: '/docs/guide/' })).json()).toEqual({ stored: true });
    expect((await post(await h.signedIn('customer', 'reader-b'), body)).json()).toEqual({
      stored: true,
    });
    h.setNow(new Date('2025-03-21T08:00:00Z'));
    expect((await post(first, body)).json()).toEqual({ stored: true });
    expect(await stored()).toHaveLength(4);
  });

  it('refuses a post without the XSRF header (403) and one without a session (401)', async () => {
    const headers = await h.signedIn('customer');
    const body = { url: '/docs/guide/install/a.htm', helpful: true };
    const noXsrf = await post({ cookie: headers.cookie ?? '' }, body);
    expect(noXsrf.statusCode).toBe(403);
    expect(noXsrf.json().code).toBe('xsrf_mismatch');
    const signedOut = await post({ cookie: 'XSRF-TOKEN=tok', 'x-xsrf-token': 'tok' }, body);
    expect(signedOut.statusCode).toBe(401);
    expect(await stored()).toEqual([]);
  });

  it.each([
    [
      'an over-long comment',
      { helpful: false, reason: 'other', comment: 'x'.repeat(1001) },
      'comment: must be at most 1000 characters',
    ],
    [
      'markup in the comment',
      { helpful: false, reason: 'other', comment: 'see <script>alert(1)</script>' },
      'comment: must be plain text without markup such as <tags>',
    ],
    ['an unknown reason', { helpful: false, reason: 'boring' }, 'reason: '],
    ['a "no" without reason', { helpful: false }, 'reason: is required with a "no"'],
    [
      'a reason with a "yes"',
      { helpful: true, reason: 'other' },
      'reason: is only given with a "no"',
    ],
    ['an unknown field', { helpful: true, reader: 'me' }, 'unknown parameter(s): reader'],
  ])('answers 400 to %s and stores nothing', async (_name, fields, message) => {
    const answer = await post(await h.signedIn('customer'), {
      url: '/docs/guide/install/a.htm',
      ...fields,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('bad_request');
    expect(answer.json().message).toContain(message);
    expect(await stored()).toEqual([]);
  });

  it('answers the same 400 for a missing page, an off-site address and a doc set the reader may not read', async () => {
    const headers = await h.signedIn('customer');
    const messages = [];
    for (const url of [
      '/docs/guide/nowhere.htm',
      'https://evil.example/docs/guide/install/a.htm',
      '/docs/Internal/Runbooks/restore.htm',
      '/docs/partners/deals.htm',
    ]) {
      const answer = await post(headers, { url, helpful: true });
      expect(answer.statusCode).toBe(400);
      messages.push(answer.json().message);
    }
    expect(new Set(messages)).toEqual(new Set(['url: is not a documentation page you can read']));
    expect(await stored()).toEqual([]);
  });

  it('limits how many posts a reader sends in a short time (429), not other readers', async () => {
    const headers = await h.signedIn('customer', 'busy');
    for (let i = 0; i < 5; i += 1) {
      expect((await post(headers, { url: '/docs/guide/', helpful: true })).statusCode).toBe(200);
    }
    const over = await post(headers, { url: '/docs/guide/', helpful: true });
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('too_many_requests');
    const other = await post(await h.signedIn('customer', 'calm'), {
      url: '/docs/guide/',
      helpful: true,
    });
    expect(other.statusCode).toBe(200);
    h.setNow(new Date('2025-03-20T12:01:01Z'));
    expect((await post(headers, { url: '/docs/guide/', helpful: true })).statusCode).toBe(200);
  });

  it('records a missing anchor on a page the reader may read, and nothing otherwise, answering 204 alike', async () => {
    const customer = await h.signedIn('customer');
    for (const url of [
      '/docs/guide/install/a.htm#old-step',
      '/docs/Internal/Runbooks/restore.htm#gone',
      '/docs/guide/nowhere.htm#gone',
      '/docs/guide/install/a.htm',
    ]) {
      const answer = await post(customer, { url }, '/docs/analytics/missing-anchor');
      expect(answer.statusCode).toBe(204);
    }
    const bad = await post(customer, { url: 'x'.repeat(3000) }, '/docs/analytics/missing-anchor');
    expect(bad.statusCode).toBe(400);
    const signals = await h.store.gapSignals(PERIOD);
    expect(signals.missingLandings).toEqual([
      { docSetId: 'guide', path: 'install/a.htm', anchor: 'old-step', count: 1 },
    ]);
  });

  it('records a landing on a missing doc page (the 404 of the doc routes)', async () => {
    const headers = await h.signedIn('partner');
    const missing = await h.app.inject({ url: '/docs/guide/old/moved.htm', headers });
    expect(missing.statusCode).toBe(404);
    const found = await h.app.inject({ url: '/docs/guide/install/a.htm', headers });
    expect(found.statusCode).toBe(200);
    const signals = await h.store.gapSignals(PERIOD);
    expect(signals.missingLandings).toEqual([
      { docSetId: 'guide', path: 'old/moved.htm', anchor: null, count: 1 },
    ]);
  });

  it('allows 20 posts per reader in 10 minutes by default', async () => {
    const plain = await startFeedbackApp();
    try {
      const headers = await plain.signedIn('customer', 'steady');
      const send = () =>
        plain.app.inject({
          method: 'POST',
          url: '/docs/analytics/feedback',
          headers,
          payload: { url: '/docs/guide/', helpful: true },
        });
      for (let i = 0; i < 20; i += 1) expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(429);
      plain.setNow(new Date('2025-03-20T12:10:01Z'));
      expect((await send()).statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
