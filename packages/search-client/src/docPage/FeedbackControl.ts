import {
  FEEDBACK_REASON_LABELS,
  FEEDBACK_REASONS,
  MAX_FEEDBACK_COMMENT_LENGTH,
  type FeedbackBody,
} from '@docs-portal/contracts/feedback';
import { readCookie } from '@docs-portal/contracts/safety';
import { XSRF_COOKIE, XSRF_HEADER } from '../api/recordClick';
import { FEEDBACK_STYLE } from './feedbackStyle';

/**
 * Posts `body` as JSON to `url` with the page's XSRF token; resolves to null when the portal took
 * it, else to the message to show (the portal's own wording for a 400 or 429).
 */
export async function postAsReader(win: Window, url: string, body: object): Promise<string | null> {
  try {
    const answer = await win.fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json',
        [XSRF_HEADER]: readCookie(XSRF_COOKIE, win.document.cookie),
      },
      body: JSON.stringify(body),
    });
    if (answer.ok) return null;
    const problem = (await answer.json().catch(() => null)) as { message?: unknown } | null;
    return answer.status < 500 && typeof problem?.message === 'string'
      ? problem.message
      : 'Your answer could not be sent. Please try again later.';
  } catch {
    return 'Your answer could not be sent. Please try again later.';
  }
}

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(doc.createElement(tag), props);
  node.append(...children);
  return node;
}

/**
 * Adds "Was this page helpful?" at the end of a doc page, in a shadow root: Yes sends at once;
 * No opens the reasons (radio buttons) and an optional plain-text comment, sent with "Send". The
 * answer is told in a polite live region; the page address (with the section the reader is at)
 * identifies the page. Returns the control's host element.
 */
export function addFeedbackControl(win: Window, basePath: string): HTMLElement {
  const doc = win.document;
  const host = el(doc, 'div');
  host.setAttribute('data-docs-portal', 'feedback');
  const root = host.attachShadow({ mode: 'open' });
  const question = el(doc, 'p', { id: 'q' }, 'Was this page helpful?');
  const yes = el(doc, 'button', { type: 'button' }, 'Yes');
  const no = el(doc, 'button', { type: 'button' }, 'No');
  const ask = el(doc, 'div', { className: 'ask' }, question, yes, no);
  ask.setAttribute('role', 'group');
  ask.setAttribute('aria-labelledby', 'q');
  const reasons = el(doc, 'fieldset', {}, el(doc, 'legend', {}, 'What was the problem?'));
  for (const reason of FEEDBACK_REASONS) {
    const radio = el(doc, 'input', {
      type: 'radio',
      name: 'reason',
      value: reason,
      required: true,
    });
    reasons.append(el(doc, 'label', {}, radio, FEEDBACK_REASON_LABELS[reason]));
  }
  const comment = el(doc, 'textarea', { name: 'comment', maxLength: MAX_FEEDBACK_COMMENT_LENGTH });
  const send = el(doc, 'button', { type: 'submit', className: 'send' }, 'Send');
  const form = el(
    doc,
    'form',
    { hidden: true },
    reasons,
    el(doc, 'label', { className: 'c' }, 'Comment (optional, plain text)', comment),
    send,
  );
  form.setAttribute('aria-label', 'Why the page was not helpful');
  const status = el(doc, 'p');
  status.setAttribute('role', 'status');

  const submit = async (body: Omit<FeedbackBody, 'url'>) => {
    const { pathname, search, hash } = win.location;
    const problem = await postAsReader(win, `${basePath}/analytics/feedback`, {
      url: pathname + search + hash,
      ...body,
    });
    status.className = problem ? 'err' : '';
    status.textContent = problem ?? 'Thank you for your feedback.';
    if (problem) return;
    ask.hidden = true;
    form.hidden = true;
  };
  yes.addEventListener('click', () => void submit({ helpful: true }));
  no.addEventListener('click', () => {
    no.setAttribute('aria-expanded', 'true');
    form.hidden = false;
    root.querySelector('input')?.focus();
  });
  no.setAttribute('aria-expanded', 'false');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const chosen = root.querySelector<HTMLInputElement>('input:checked');
    const text = comment.value.trim();
    void submit({
      helpful: false,
      reason: chosen?.value as FeedbackBody['reason'],
      ...(text ? { comment: text } : {}),
    });
  });
  root.append(el(doc, 'style', {}, FEEDBACK_STYLE), el(doc, 'section', {}, ask, form, status));
  doc.body.append(host);
  return host;
}

/**
 * Tells the portal when the address names a section (`#id`) that is not on the page: a link or
 * bookmark to a renamed or removed heading. Once per page load and per fragment.
 */
export function reportMissingAnchor(win: Window, basePath: string): void {
  const told = new Set<string>();
  const check = () => {
    const id = win.location.hash.slice(1);
    if (!id || told.has(id)) return;
    let name = id;
    try {
      name = decodeURIComponent(id);
    } catch {
      // An undecodable fragment is looked up as written.
    }
    const doc = win.document;
    if (doc.getElementById(name) || doc.getElementsByName(name).length > 0) return;
    told.add(id);
    const { pathname, search, hash } = win.location;
    void postAsReader(win, `${basePath}/analytics/missing-anchor`, {
      url: pathname + search + hash,
    });
  };
  check();
  win.addEventListener('hashchange', check);
}
