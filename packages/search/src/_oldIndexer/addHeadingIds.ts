import { escapeHtml } from '@docs-portal/contracts/safety';
import { load } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { planHeadingAnchors } from './sectionAnchors';

const HAS_HEADING = /<h[1-6][\s>/]/i;

function isUtf16(page: Buffer): boolean {
  return (
    page.length >= 2 &&
    ((page[0] === 0xfe && page[1] === 0xff) || (page[0] === 0xff && page[1] === 0xfe))
  );
}

/**
 * Gives every heading of a page that has no anchor the id the search index links to
 * ({@link planHeadingAnchors}), so a hit URL `page#section` opens the page at its section
 * whatever generator wrote it. Only ` id="..."` attributes are inserted into the heading start
 * tags; every other byte stays as it was. A page that is not valid UTF-8 is handled as Latin-1
 * (structure and ASCII ids are the same); UTF-16 pages and pages with nothing to add come back
 * unchanged (the same Buffer).
 */
export function addHeadingIds(page: Buffer): Buffer {
  if (isUtf16(page)) return page;
  let text: string;
  let utf8 = true;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(page);
  } catch {
    text = page.toString('latin1');
    utf8 = false;
  }
  if (!HAS_HEADING.test(text)) return page;
  const $ = load(text, { sourceCodeLocationInfo: true });
  const plan = planHeadingAnchors($.root().get(0) as AnyNode);
  const inserts: Array<{ at: number; id: string }> = [];
  for (const [heading, id] of plan) {
    const start = heading.sourceCodeLocation?.startTag?.startOffset;
    if (start === undefined) continue;
    inserts.push({ at: start + 1 + heading.name.length, id });
  }
  if (inserts.length === 0) return page;
  inserts.sort((a, b) => a.at - b.at);
  const parts: Buffer[] = [];
  let charAt = 0;
  let byteAt = 0;
  for (const { at, id } of inserts) {
    const byteEnd = utf8 ? byteAt + Buffer.byteLength(text.slice(charAt, at), 'utf8') : at;
    parts.push(page.subarray(byteAt, byteEnd), Buffer.from(` id="${escapeHtml(id)}"`));
    charAt = at;
    byteAt = byteEnd;
  }
  parts.push(page.subarray(byteAt));
  return Buffer.concat(parts);
}
