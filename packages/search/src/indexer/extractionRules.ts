import { select } from 'cheerio-select';
import { type AnyNode, type Document, type Element, isTag, type ParentNode } from 'domhandler';
import { findAll, removeElement } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { textOf } from './domText';

/**
 * CSS selectors a docs team sets per doc set (config `docSets[].extract`) to steer extraction
 * without a release, applied over the built-in rules. Every field is optional; a selector that
 * matches nothing on a page leaves that page to the built-in rules.
 */
export interface ExtractionRules {
  /** Element(s) whose text is the topic, instead of the detected main region. */
  main?: string;
  /**
   * Elements removed before the title and content are read, in addition to the built-in chrome.
   * The breadcrumb rule is read first, so a trail inside an excluded element still counts.
   */
  exclude?: string[];
  /** The page title element (its first match with text), instead of the first `<h1>`. */
  title?: string;
  /**
   * Element(s) whose link texts, in document order, are the breadcrumb trail, instead of the
   * trail from the table of contents, the page's hierarchy links or its folders. The matched
   * elements are chrome: their text is not searchable.
   */
  breadcrumb?: string;
}

const PROBE = parseDocument('<p></p>');
/** Selectors that start relative to the root itself (as cheerio's `find` treats them). */
const CONTEXT_SELECTOR = /^\s*(?:[+~]|:scope\b)/;
const MAX_PROBLEM_LENGTH = 200;

/**
 * A compound of a tag name, ids and classes (`div.nav`, `#sidebar`), ASCII names unescaped,
 * between CSS whitespace.
 */
const SIMPLE_COMPOUND =
  /^[ \t\n\r\f]*([A-Za-z][A-Za-z0-9-]*)?((?:[#.][A-Za-z_][\w-]*)*)[ \t\n\r\f]*$/;
const SIMPLE_PART = /([#.])([A-Za-z_][\w-]*)/g;

/** What an element must be to match a {@link SIMPLE_COMPOUND}: every field that is set. */
interface Compound {
  /** Tag name, lower case. */
  name: string | undefined;
  ids: string[];
  /** css-select's test of a class word, `(?:^|\s)word(?:$|\s)`. */
  classes: RegExp[];
}

/**
 * The compounds of a selector list whose every selector is a {@link SIMPLE_COMPOUND}, undefined
 * for any other selector. They match what cheerio-select compiles such a selector to (tag names
 * lower case, ids and classes case-sensitive, classes as whitespace-separated words), without
 * the cost of parsing and compiling the selector again on every page.
 */
function compileCompounds(selector: string): Compound[] | undefined {
  const compounds: Compound[] = [];
  for (const part of selector.split(',')) {
    const match = SIMPLE_COMPOUND.exec(part);
    if (match === null || (match[1] === undefined && match[2] === '')) return undefined;
    const compound: Compound = { name: match[1]?.toLowerCase(), ids: [], classes: [] };
    for (const [, kind, value] of (match[2] ?? '').matchAll(SIMPLE_PART)) {
      // Names here hold no character a regular expression would need escaped.
      if (kind === '#') compound.ids.push(value as string);
      else compound.classes.push(new RegExp(`(?:^|\\s)${value as string}(?:$|\\s)`));
    }
    compounds.push(compound);
  }
  return compounds;
}

/** {@link compileCompounds} of the selectors run lately, so that each is compiled once. */
const compiled = new Map<string, Compound[] | undefined>();
/** Far more selectors than doc sets have; config checks may try any number of them. */
const MAX_COMPILED = 256;

function compoundsOf(selector: string): Compound[] | undefined {
  if (!compiled.has(selector)) {
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(selector, compileCompounds(selector));
  }
  return compiled.get(selector);
}

/** Whether `element` matches one of `compounds`. */
function matchesAny(element: Element, compounds: readonly Compound[]): boolean {
  const { attribs } = element;
  next: for (const { name, ids, classes } of compounds) {
    if (name !== undefined && element.name !== name) continue;
    for (const id of ids) if (attribs.id !== id) continue next;
    for (const word of classes) if (!word.test(attribs.class ?? '')) continue next;
    return true;
  }
  return false;
}

/**
 * Walks the elements under `root` in document order (as cheerio-select's search does): `visit`
 * sees each one and answers whether to walk into it.
 */
function walkElements(root: Document, visit: (element: Element) => boolean): void {
  const stack: ParentNode[] = [];
  const pushChildren = (parent: ParentNode): void => {
    for (let k = parent.children.length - 1; k >= 0; k--) {
      const child = parent.children[k] as AnyNode;
      // The nodes with children (a document is never a child), told by their type: cheaper than
      // domhandler's hasChildren, an own-property test of every node.
      if (isTag(child) || child.type === 'cdata') stack.push(child);
    }
  };
  pushChildren(root);
  while (stack.length > 0) {
    const node = stack.pop() as ParentNode;
    if (!isTag(node) || visit(node)) pushChildren(node);
  }
}

/**
 * The elements of a parsed page that `selector` matches, in document order, with the selector
 * language of jQuery and cheerio (CSS plus `:contains`, `:first`, `:eq(n)` and the like).
 */
export function selectAll(root: Document, selector: string): Element[] {
  const compounds = compoundsOf(selector);
  if (compounds !== undefined) {
    const found: Element[] = [];
    walkElements(root, (element) => {
      if (matchesAny(element, compounds)) found.push(element);
      return true;
    });
    return found;
  }
  const from = CONTEXT_SELECTOR.test(selector) ? [root] : root.children;
  return select(selector, from, { context: [root], root });
}

/**
 * Removes from the page every element one of `selectors` matches, selector after selector. When
 * all of them test only the element itself, what one removes cannot change what the next matches,
 * so a single walk removes them all (Django's rules exclude four such selectors).
 */
export function removeAll(root: Document, selectors: readonly string[]): void {
  const each = selectors.map(compoundsOf);
  if (each.every((compounds) => compounds !== undefined)) {
    const compounds = each.flat();
    walkElements(root, (element) => {
      if (!matchesAny(element, compounds)) return true;
      removeElement(element);
      return false;
    });
    return;
  }
  for (const selector of selectors) {
    for (const element of selectAll(root, selector)) removeElement(element);
  }
}

/**
 * {@link removeAll} of `exclude`, then {@link selectAll} of `selector` in what is left. When every
 * selector tests only the element itself, one walk does both (a page with rules walked its whole
 * DOM once more for its main region): each element is removed or matched as it is met, and what
 * is removed is not entered, so no match lies inside it.
 */
export function removeThenSelect(
  root: Document,
  exclude: readonly string[],
  selector: string,
): Element[] {
  const removed = exclude.map(compoundsOf);
  const wanted = compoundsOf(selector);
  if (wanted === undefined || !removed.every((compounds) => compounds !== undefined)) {
    removeAll(root, exclude);
    return selectAll(root, selector);
  }
  const removedCompounds = removed.flat();
  const found: Element[] = [];
  walkElements(root, (element) => {
    if (matchesAny(element, removedCompounds)) {
      removeElement(element);
      return false;
    }
    if (matchesAny(element, wanted)) found.push(element);
    return true;
  });
  return found;
}

/**
 * Why `selector` cannot be run by the indexer's selector engine (cheerio-select), or undefined
 * when it can. The config is checked with this so that what it accepts the indexer can apply.
 */
export function selectorProblem(selector: string): string | undefined {
  if (selector.trim() === '') return 'empty';
  try {
    selectAll(PROBE, selector);
    return undefined;
  } catch (error) {
    const message = (error as Error).message.trim() || 'not understood';
    return message.length > MAX_PROBLEM_LENGTH
      ? `${message.slice(0, MAX_PROBLEM_LENGTH)}…`
      : message;
  }
}

/**
 * A stable text that changes whenever the rules change what extraction gives, '' when no rule
 * is set (so a doc set without rules hashes as it did before rules existed). It is part of every
 * page hash of the doc set, so changing a rule re-extracts all of its pages and no others.
 */
export function extractionRulesKey(rules: ExtractionRules | undefined): string {
  if (rules === undefined) return '';
  const set: Array<[string, string | string[]]> = [];
  if (rules.main !== undefined) set.push(['main', rules.main]);
  if (rules.exclude !== undefined && rules.exclude.length > 0) set.push(['exclude', rules.exclude]);
  if (rules.title !== undefined) set.push(['title', rules.title]);
  if (rules.breadcrumb !== undefined) set.push(['breadcrumb', rules.breadcrumb]);
  return set.length === 0 ? '' : JSON.stringify(set);
}

/** The matched elements that are not inside another matched element, in document order. */
function outermost(elements: Element[]): Element[] {
  const matched = new Set(elements);
  return elements.filter((element) => {
    for (let up = element.parent; up !== null; up = up.parent) {
      if (up.type === 'tag' && matched.has(up)) return false;
    }
    return true;
  });
}

/** The link texts of the elements matched by `selector`, in document order. */
function readTrail(root: Document, selector: string): string[] {
  const trail: string[] = [];
  for (const element of outermost(selectAll(root, selector))) {
    const links =
      element.name === 'a' ? [element] : findAll((node) => node.name === 'a', element.children);
    for (const link of links) {
      const text = textOf(link);
      if (text !== '') trail.push(text);
    }
  }
  return trail;
}

/** What the doc set's selectors give on one page before the built-in rules run. */
export interface RuleResults {
  /** Breadcrumb trail read from the page, when the breadcrumb rule found links. */
  trail?: string[];
  /** Title element, when the title rule matched one with text. */
  title?: Element;
  /** Outermost main regions in document order, when the main rule matched. */
  regions?: Element[];
}

/**
 * Applies a doc set's extraction rules to the parsed page: reads the breadcrumb trail, removes
 * the excluded elements and the trail, then finds the title and main regions among what is left.
 * A rule that matches nothing on the page is reported and left to the built-in rules.
 */
export function applyExtractionRules(
  root: Document,
  rules: ExtractionRules,
  warnings: string[],
): RuleResults {
  const results: RuleResults = {};
  if (rules.breadcrumb !== undefined) {
    const trail = readTrail(root, rules.breadcrumb);
    if (trail.length > 0) results.trail = trail;
    else warnings.push('extract.breadcrumb found no links: built-in breadcrumb used');
    for (const element of selectAll(root, rules.breadcrumb)) removeElement(element);
  }
  const exclude = rules.exclude ?? [];
  let mainMatches: Element[] | undefined;
  if (rules.main === undefined) removeAll(root, exclude);
  else mainMatches = removeThenSelect(root, exclude, rules.main);
  if (rules.title !== undefined) {
    results.title = selectAll(root, rules.title).find((element) => textOf(element) !== '');
    if (results.title === undefined) {
      warnings.push('extract.title matched no element with text: built-in title used');
    }
  }
  if (mainMatches !== undefined) {
    const regions = outermost(mainMatches);
    if (regions.length > 0) results.regions = regions;
    else warnings.push('extract.main matched nothing: built-in main content used');
  }
  return results;
}
