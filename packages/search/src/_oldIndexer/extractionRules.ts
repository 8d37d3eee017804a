import { load, type CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
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

const PROBE = load('<p></p>');
const MAX_PROBLEM_LENGTH = 200;

/**
 * Why `selector` cannot be run by the indexer's selector engine (cheerio), or undefined when it
 * can. The config is checked with this so that what it accepts the indexer can apply.
 */
export function selectorProblem(selector: string): string | undefined {
  if (selector.trim() === '') return 'empty';
  try {
    PROBE.root().find(selector);
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
function readTrail($: CheerioAPI, selector: string): string[] {
  const trail: string[] = [];
  for (const element of outermost($.root().find(selector).toArray())) {
    const links = element.name === 'a' ? [element] : $(element).find('a').toArray();
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
  $: CheerioAPI,
  rules: ExtractionRules,
  warnings: string[],
): RuleResults {
  const results: RuleResults = {};
  const root = $.root();
  if (rules.breadcrumb !== undefined) {
    const trail = readTrail($, rules.breadcrumb);
    if (trail.length > 0) results.trail = trail;
    else warnings.push('extract.breadcrumb found no links: built-in breadcrumb used');
    root.find(rules.breadcrumb).remove();
  }
  for (const selector of rules.exclude ?? []) root.find(selector).remove();
  if (rules.title !== undefined) {
    results.title = root
      .find(rules.title)
      .toArray()
      .find((element) => textOf(element) !== '');
    if (results.title === undefined) {
      warnings.push('extract.title matched no element with text: built-in title used');
    }
  }
  if (rules.main !== undefined) {
    const regions = outermost(root.find(rules.main).toArray());
    if (regions.length > 0) results.regions = regions;
    else warnings.push('extract.main matched nothing: built-in main content used');
  }
  return results;
}
