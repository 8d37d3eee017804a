import { afterEach, describe, expect, it, vi } from 'vitest';
import { addFeedbackControl, reportMissingAnchor } from './FeedbackControl';

interface Sent {
  url: string;
  body: Record<string, unknown>;
  xsrf: string | null;
}

function fakeFetch(answer: { status: number; body?: unknown }) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    sent.push({
      url,
      body: JSON.parse(String(init.body)) as Record<string, unknown>,
      xsrf: new Headers(init.headers).get('x-xsrf-token'),
    });
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status });
  });
  return { fetch, sent };
}

afterEach(() => {
  document.body.innerHTML = '';
  window.location.hash = '';
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('the feedback control', () => {
  it('sends the reason and comment of a "no" with the XSRF token, then thanks the reader', async () => {
    const { fetch, sent } = fakeFetch({ status: 200, body: { stored: true } });
    vi.spyOn(window, 'fetch').mockImplementation(fetch as typeof window.fetch);
    document.cookie = 'XSRF-TOKEN=abc';
    window.location.hash = '#step-2';
    const root = addFeedbackControl(window, '/docs').shadowRoot as ShadowRoot;
    const buttons = [...root.querySelectorAll('button')];
    buttons.find((b) => b.textContent === 'No')?.click();
    const form = root.querySelector('form') as HTMLFormElement;
    expect(form.hidden).toBe(false);
    (root.querySelector('input[value="hard-to-follow"]') as HTMLInputElement).checked = true;
    (root.querySelector('textarea') as HTMLTextAreaElement).value = '  Too many steps ';
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() =>
      expect(root.querySelector('[role=status]')?.textContent).toBe('Thank you for your feedback.'),
    );
    expect(sent).toEqual([
      {
        url: '/docs/analytics/feedback',
        body: {
          url: `${window.location.pathname}#step-2`,
          helpful: false,
          reason: 'hard-to-follow',
          comment: 'Too many steps',
        },
        xsrf: 'abc',
      },
    ]);
  });

  it("shows the portal's message when the answer is refused", async () => {
    const { fetch } = fakeFetch({
      status: 400,
      body: { code: 'bad_request', message: 'comment: must be plain text' },
    });
    vi.spyOn(window, 'fetch').mockImplementation(fetch as typeof window.fetch);
    const root = addFeedbackControl(window, '/docs').shadowRoot as ShadowRoot;
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Yes')?.click();
    await vi.waitFor(() =>
      expect(root.querySelector('[role=status]')?.textContent).toBe('comment: must be plain text'),
    );
    expect(root.querySelector('[role=status]')?.className).toBe('err');
  });
});

describe('reportMissingAnchor', () => {
  it('reports a fragment naming no element, once, and not one that exists', async () => {
    const { fetch, sent } = fakeFetch({ status: 204 });
    vi.spyOn(window, 'fetch').mockImplementation(fetch as typeof window.fetch);
    document.body.innerHTML = '<h2 id="here">Here</h2><a name="legacy"></a>';
    window.location.hash = '#here';
    reportMissingAnchor(window, '/docs');
    window.location.hash = '#legacy';
    window.dispatchEvent(new Event('hashchange'));
    window.location.hash = '#gone';
    window.dispatchEvent(new Event('hashchange'));
    window.dispatchEvent(new Event('hashchange'));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url).toBe('/docs/analytics/missing-anchor');
    expect(sent[0]?.body).toEqual({ url: `${window.location.pathname}#gone` });
  });
});
