import { findAll, getOuterHTML } from 'domutils';
import { parseDocument } from 'htmlparser2';
import type { Document, Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { BROKEN_PAGE } from '../../test/fixtures/malformedPages';
import { parsePageHtml } from './pageDom';
import { parsePageAndLinks } from './readPageTrails';

const PAGE = `<!DOCTYPE html><html lang="en"><head><title>Rotation</title>
<meta name="description" content="Turning things"></head>
<body class="page" data-mc-searchable="true"><h1 id="top" class="title">Rotation <em>overview</em></h1>
<!-- a comment --><p>Text &amp; more <a href="x.htm#a" class="ref" HREF="ignored">link</a></p>
<img src="a.png" alt="A"><table><tr><th scope="col">exp</th></tr></table></body></html>`;

/** Every element of a DOM, in document order. */
const elements = (root: Document): Element[] => findAll(() => true, root.children);

describe('parsePageHtml', () => {
  it('builds the DOM htmlparser2 builds, attributes held in objects without a prototype', () => {
    for (const html of [PAGE, new TextDecoder().decode(BROKEN_PAGE)]) {
      const root = parsePageHtml(html);
      expect(getOuterHTML(root)).toBe(getOuterHTML(parseDocument(html)));
      const found = elements(root);
      expect(found.length).toBeGreaterThan(5);
      for (const element of found) expect(Object.getPrototypeOf(element.attribs)).toBeNull();
    }
    const [html, , , meta, body, h1] = elements(parsePageHtml(PAGE));
    expect(html?.attribs).toEqual({ lang: 'en' });
    expect(meta?.attribs).toEqual({ name: 'description', content: 'Turning things' });
    expect(body?.attribs).toEqual({ class: 'page', 'data-mc-searchable': 'true' });
    expect(h1?.attribs.id).toBe('top');
    expect(h1?.attribs.class).toBe('title');
    // A name that is not an attribute, even one every object inherits, reads as absent.
    expect(h1?.attribs.toString).toBeUndefined();
    expect(h1?.attribs.style).toBeUndefined();
  });

  it('is the DOM the link reader builds while it reads the links', () => {
    const { root } = parsePageAndLinks(PAGE, '/rotation.htm');
    expect(getOuterHTML(root)).toBe(getOuterHTML(parsePageHtml(PAGE)));
    for (const element of elements(root)) expect(Object.getPrototypeOf(element.attribs)).toBeNull();
  });
});
