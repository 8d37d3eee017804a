import type { PageVersion, PageVersionsResponse } from '@docs-portal/contracts';
import { safePortalPath } from '@docs-portal/contracts/safety';
import { themeCss } from '@docs-portal/contracts/theme';

/** Remembers, for the session, a dismissed banner (per doc set and newest version). */
const DISMISSED = 'docs-portal:outdated-dismissed:';

const SWITCHER_STYLE = `
.versions{position:relative}
.versions summary{cursor:pointer;list-style:none;border:1px solid var(--color-on-brand-muted);border-radius:6px;padding:5px 10px;white-space:nowrap}
.versions summary::-webkit-details-marker{display:none}
.versions ul{position:absolute;left:0;top:calc(100% + 4px);z-index:1;margin:0;padding:4px 0;list-style:none;min-width:100%;background:var(--color-surface);border:1px solid var(--color-line-strong);border-radius:6px;box-shadow:0 4px 12px rgb(0 0 0/25%)}
.versions a{display:block;padding:6px 12px;color:var(--color-accent);white-space:nowrap}
.versions a[aria-current]{color:var(--color-ink);font-weight:600;text-decoration:none}
`;

const BANNER_STYLE = `
:host{all:initial;display:block}
${themeCss(':host')}
div{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;padding:8px 16px;background:var(--color-accent-soft);color:var(--color-ink);border-bottom:1px solid var(--color-line);font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--color-accent);font-weight:600}
p{margin:0;flex:1 1 auto}
button{font:inherit;border:1px solid var(--color-line-strong);border-radius:6px;background:var(--color-surface);color:var(--color-ink);padding:4px 10px;cursor:pointer}
:focus-visible{outline:3px solid var(--color-focus);outline-offset:2px}
`;

/** The address to open for `version`: its page, keeping the section (`#anchor`) unless it is the home page. */
function target(win: Window, basePath: string, version: PageVersion): string | null {
  const url = safePortalPath(version.url, basePath);
  return url === null ? null : url + (version.match === 'home' ? '' : win.location.hash);
}

/** A link to `version` whose address follows the section the reader is on when it is followed. */
function versionLink(win: Window, basePath: string, version: PageVersion, text: string) {
  const link = win.document.createElement('a');
  const refresh = () => (link.href = target(win, basePath, version) ?? '');
  refresh();
  link.textContent = text;
  link.addEventListener('click', refresh);
  return link;
}

/**
 * Asks the portal for the other versions of this page (`{basePath}/page-versions`) and, when there
 * are any, adds the version switcher to the portal bar and, on a page older than the newest
 * version the reader may read, the outdated-version banner below it. Any failure adds nothing.
 * Resolves to the page's version when it has others (searches from it prefer it), else undefined.
 */
export async function addVersionControls(
  win: Window,
  basePath: string,
  bar: HTMLElement,
): Promise<string | undefined> {
  const path = encodeURIComponent(win.location.pathname);
  let answer: PageVersionsResponse;
  try {
    const response = await win.fetch(`${basePath}/page-versions?path=${path}`, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return undefined;
    answer = (await response.json()) as PageVersionsResponse;
  } catch {
    return undefined;
  }
  const versions = answer.versions.filter((v) => target(win, basePath, v) !== null);
  const current = versions.find((v) => v.current);
  if (versions.length < 2 || current === undefined) return undefined;
  addSwitcher(win, basePath, bar, versions, current);
  const newest = versions.find((v) => v.docSet === answer.newest?.docSet);
  if (newest !== undefined && !newest.current) addBanner(win, basePath, bar, current, newest);
  return current.version;
}

function addSwitcher(
  win: Window,
  basePath: string,
  bar: HTMLElement,
  versions: PageVersion[],
  current: PageVersion,
): void {
  const doc = win.document;
  const root = bar.shadowRoot;
  const spacer = root?.querySelector('.spacer');
  if (!root || !spacer) return;
  const style = doc.createElement('style');
  style.textContent = SWITCHER_STYLE;
  const details = doc.createElement('details');
  details.className = 'versions';
  const summary = doc.createElement('summary');
  summary.textContent = `Version ${current.version}`;
  summary.setAttribute('aria-label', `Version ${current.version}: choose another version`);
  const list = doc.createElement('ul');
  versions.forEach((version, i) => {
    const item = doc.createElement('li');
    const text = `${version.version}${i === 0 ? ' (newest)' : ''}`;
    const link = versionLink(win, basePath, version, text);
    if (version.current) link.setAttribute('aria-current', 'page');
    item.append(link);
    list.append(item);
  });
  details.append(summary, list);
  // A click anywhere else closes the list, as menus do.
  doc.addEventListener('click', (event) => {
    if (!event.composedPath().includes(details)) details.open = false;
  });
  details.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && details.open) {
      details.open = false;
      summary.focus();
    }
  });
  root.prepend(style);
  spacer.before(details);
}

function addBanner(
  win: Window,
  basePath: string,
  bar: HTMLElement,
  current: PageVersion,
  newest: PageVersion,
): void {
  const doc = win.document;
  const key = `${DISMISSED}${current.docSet}:${newest.version}`;
  try {
    if (win.sessionStorage.getItem(key) !== null) return;
  } catch {
    // No storage: the banner shows on every page.
  }
  const host = doc.createElement('div');
  host.setAttribute('data-docs-portal', 'outdated-banner');
  const root = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = BANNER_STYLE;
  const box = doc.createElement('div');
  box.setAttribute('role', 'region');
  box.setAttribute('aria-label', 'Older version');
  const text = doc.createElement('p');
  text.append(
    `You are reading version ${current.version}. The newest version is ${newest.version}: `,
    versionLink(
      win,
      basePath,
      newest,
      newest.match === 'home' ? `go to ${newest.version}` : `read this page in ${newest.version}`,
    ),
  );
  const dismiss = doc.createElement('button');
  dismiss.type = 'button';
  dismiss.textContent = 'Dismiss';
  dismiss.addEventListener('click', () => {
    try {
      win.sessionStorage.setItem(key, '1');
    } catch {
      // Dismissed for this page only.
    }
    host.remove();
  });
  box.append(text, dismiss);
  root.append(style, box);
  bar.after(host);
}
