import type { AnyNode, Element } from 'domhandler';
import { foldCase } from '@docs-portal/contracts/text';
import { isExcluded, isHeaderTitle, isSiteTitle, textOf } from './domText';

const HEADING = /^h[1-6]$/;

function isElement(node: AnyNode | null | undefined): node is Element {
  return node?.type === 'tag';
}

function isBlank(node: AnyNode): boolean {
  if (node.type === 'text') return node.data.trim() === '';
  if (node.type === 'comment') return true;
  if (!isElement(node)) return false;
  return node.children.every(isBlank);
}

function ownAnchor(element: Element): string {
  return element.attribs.id ?? (element.name === 'a' ? (element.attribs.name ?? '') : '');
}

function firstDescendantAnchor(element: Element): string {
  const stack: AnyNode[] = [...element.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    // Not chrome inside a heading (rustdoc's "copy item path" button in every title).
    if (!isElement(node) || isExcluded(node)) continue;
    const anchor = ownAnchor(node);
    if (anchor !== '') return anchor;
    for (let k = node.children.length - 1; k >= 0; k--) {
      const child = node.children[k];
      if (child !== undefined) stack.push(child);
    }
  }
  return '';
}

/**
 * The fragment that leads to a heading or definition term: its own id, a bookmark or id inside
 * it (Flare's `<a name>`), and with `lookAround` also the id of the section element it opens
 * (Sphinx `<section id>`, DocBook) or of an empty marker just before it. '' when there is none.
 */
export function findAnchor(element: Element, lookAround: boolean): string {
  const own = ownAnchor(element) || firstDescendantAnchor(element);
  if (own !== '' || !lookAround) return own;
  let previous = element.prev;
  while (previous !== null && previous.type === 'text' && previous.data.trim() === '') {
    previous = previous.prev;
  }
  if (isElement(previous) && isBlank(previous)) {
    const marker = ownAnchor(previous) || firstDescendantAnchor(previous);
    if (marker !== '') return marker;
  }
  const parent = element.parent;
  if (isElement(parent) && parent.attribs.id !== undefined) {
    // What comes before it is chrome (rustdoc's "source" link before every entry's heading).
    const opensParent =
      parent.children.find(
        (child) => !isBlank(child) && !(isElement(child) && isExcluded(child)),
      ) === element;
    if (opensParent) return parent.attribs.id;
  }
  return '';
}

/**
 * A stable anchor for a heading without one: a slug of its text, numbered when the slug is
 * already used on the page. The same page always gets the same anchors.
 */
export function generateAnchor(heading: string, taken: Set<string>): string {
  const slug =
    foldCase(heading)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'section';
  let anchor = slug;
  for (let n = 2; taken.has(anchor); n++) anchor = `${slug}-${n}`;
  taken.add(anchor);
  return anchor;
}

/**
 * The ids a page's headings get when they have no anchor of their own ({@link findAnchor} finds
 * none), except the first `<h1>` and headings inside navigation or chrome: a slug of the heading text ({@link generateAnchor}), in document order, never equal to
 * an id or bookmark name already in the page. Both the indexer and the publish step
 * (`addHeadingIds`) use this plan, so the anchors of hit URLs are the ids the served page has.
 */
export function planHeadingAnchors(root: AnyNode): Map<Element, string> {
  const taken = new Set<string>();
  const headings: Element[] = [];
  let headerTitle = false;
  const stack: Array<{ node: AnyNode; excluded: boolean }> = [{ node: root, excluded: false }];
  while (stack.length > 0) {
    const { node, excluded: above } = stack.pop() as { node: AnyNode; excluded: boolean };
    let excluded = above;
    if (isElement(node)) {
      const a = node.attribs;
      if (a.id !== undefined) taken.add(a.id);
      if (node.name === 'a' && a.name !== undefined) taken.add(a.name);
      headerTitle ||= isHeaderTitle(node);
      excluded ||= isExcluded(node);
      // Headings in navigation and chrome never become sections, so they need no id.
      if (!excluded && HEADING.test(node.name)) headings.push(node);
    }
    if (isElement(node) || node.type === 'root' || node.type === 'cdata') {
      for (let k = node.children.length - 1; k >= 0; k--) {
        const child = node.children[k];
        if (child !== undefined) stack.push({ node: child, excluded });
      }
    }
  }
  const plan = new Map<Element, string>();
  // The first <h1> is the page title (its section is the page top) or sits outside the main
  // region: either way no hit links to it, so the page keeps it as it is. Under Doxygen's title
  // (see isHeaderTitle) it heads the first section, and is given an id like the others.
  const title = headerTitle ? undefined : headings.find((h) => h.name === 'h1' && !isSiteTitle(h));
  for (const heading of headings) {
    if (heading === title) continue;
    // An id attribute that is present but empty cannot be given a second value.
    if (heading.attribs.id !== undefined || findAnchor(heading, true) !== '') continue;
    plan.set(heading, generateAnchor(textOf(heading), taken));
  }
  return plan;
}
