import type { AnyNode, Document, Element } from 'domhandler';
import {
  collectDefinition,
  definitionTerm,
  isEntryCell,
  loneCellName,
  signatureTerm,
} from './definitionTerms';
import { applyExtractionRules, type ExtractionRules } from './extractionRules';
import { findMarkupProblems } from './findMarkupProblems';
import { folderBreadcrumb } from './folderBreadcrumb';
import { parsePageHtml } from './pageDom';
import { findAnchor } from './sectionAnchors';
import { signatureHeading, typedTermHeading } from './signatureHeading';
import {
  isBlockElement,
  isChromeImage,
  isExcluded,
  isFalseFlag,
  isHeaderTitle,
  isSiteTitle,
  normaliseSpace,
  textOf,
  withoutPermalinkMark,
} from './domText';

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** What the indexer knows about a page besides its HTML. */
export interface ExtractContext {
  /** Page path relative to the doc-set root, with a leading slash (`/Content/Admin/Users.htm`). */
  path: string;
  /** Breadcrumb trail from the doc set's table of contents; when absent, built from the folders. */
  breadcrumb?: string[];
  /** The doc set's own selectors, applied over the built-in rules. */
  rules?: ExtractionRules;
}

/** One section of a page: the text under one heading (or API entry) up to the next. */
export interface ExtractedSection {
  /** Heading text; '' for the top of the page (the text before the first sub-heading). */
  heading: string;
  /** Fragment that leads to the section ('' for the page top without an anchor of its own). */
  anchor: string;
  /** Plain text of the section, whitespace collapsed. */
  text: string;
  /** Names the section defines (definition-list terms, key cells of tables): see definitionTerms. */
  definitions?: string[];
}

/** The searchable content of one page. */
export interface ExtractedPage {
  /**
   * Page title: the main heading (Doxygen's title above the contents), else the document title,
   * else the file name.
   */
  title: string;
  /** Breadcrumb trail shown with hits. */
  breadcrumb: string[];
  /** Sections in document order; empty when the page has nothing to index. */
  sections: ExtractedSection[];
  /**
   * False when the page asks not to be indexed (robots noindex, `data-mc-searchable="False"`) or
   * only sends the reader elsewhere (a `<meta http-equiv="refresh">` with an address).
   */
  indexable: boolean;
  /** Problems met (malformed HTML, no main content); the page is indexed as far as possible. */
  warnings: string[];
}

const HEADING = /^h[1-6]$/;
/**
 * The description Javadoc gives a page of its source view (`-linksource`), "source: package:
 * org.x, class: Name" (then the nested type it was made for, if any: ", enum: Inner"), and a page
 * of a type's or a package's uses (`class-use/`, `package-use.html`), "use: module: m, package:
 * org.x, interface: Name". Both repeat what the API pages say (the uses page every signature and
 * summary that names the type), and Javadoc's own search leaves them out.
 */
const JAVADOC_REPEATS =
  /^(?:source|use): (?:module: [\w.]+, )?(?:package: [\w.$]+|(?:class|interface|enum|record|annotation \w+): [\w$]+)(?:,|$)/;
const MAX_SECTION_TEXT = 200_000;
const MAX_DEPTH = 1000;

interface DraftSection {
  heading: string;
  anchor: string;
  parts: string[];
  definitions?: string[];
  /** True for a function's row of a function table (see functionEntry). */
  functionEntry?: boolean;
  /** True for the rest of a section after a table of function entries inside it. */
  resumed?: boolean;
}

/**
 * A row of a function table that is an entry of its own: its only cell, or its first beside
 * short values (see isEntryCell), starts with a signature paragraph holding an anchor (`<p><a
 * id="…" class="indexterm"></a><code>degrees</code> ( double precision ) → double
 * precision</p><p>Converts radians to degrees</p>…`, as PostgreSQL's manual writes its function
 * tables). Headed by the name alone, the parameters and result type words
 * of its text (a heading of the name says exactly what a reader looking the function up types),
 * linked to the anchor, defining the name; undefined for any other row.
 */
function functionEntry(
  row: Element,
): { cell: Element; signature: Element; aside: string; anchor: string; name: string } | undefined {
  const cell = row.children.find((child): child is Element => child.type === 'tag');
  if (cell === undefined || cell.name !== 'td' || !isEntryCell(cell)) return undefined;
  const signature = cell.children.find((child): child is Element => child.type === 'tag');
  if (signature === undefined || !isBlockElement(signature.name)) return undefined;
  const name = loneCellName(cell);
  const anchor = findAnchor(signature, false);
  if (name === undefined || anchor === '') return undefined;
  const text = withoutPermalinkMark(normaliseSpace(textOf(signature)));
  if (!text.startsWith(name)) return undefined;
  return { cell, signature, aside: text.slice(name.length), anchor, name };
}

/** Landmarks of a document, found in one pass. */
interface Landmarks {
  flareMain?: Element;
  roleMain?: Element;
  main?: Element;
  firstH1?: Element;
  /** Doxygen's page title above its contents (see isHeaderTitle). */
  headerTitle?: Element;
  body?: Element;
  html?: Element;
  title?: Element;
  robots: string;
  /** A Javadoc source or uses page (see JAVADOC_REPEATS). */
  javadocRepeats: boolean;
  /** Elements of a search-results page (Flare's results list and heading). */
  searchResults: Element[];
  /**
   * A `<meta http-equiv="refresh">` that sends the reader to another address: a stub left where a
   * page or anchor used to be (Texinfo writes one per anchor and index entry, redirect plugins
   * one per moved page); the page it sends to is indexed.
   */
  redirect: boolean;
  searchableFlags: Array<string | undefined>;
}

function scanDocument(root: AnyNode): Landmarks {
  const found: Landmarks = {
    robots: '',
    searchResults: [],
    redirect: false,
    javadocRepeats: false,
    searchableFlags: [],
  };
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type === 'tag') {
      const a = node.attribs;
      if (a.id === 'mc-main-content') found.flareMain ??= node;
      if (
        ((a.id !== undefined && SEARCH_RESULTS_MARK.test(a.id)) ||
          (a.class !== undefined &&
            MAYBE_SEARCH_RESULTS.test(a.class) &&
            a.class.split(/\s+/).some((c) => SEARCH_RESULTS_MARK.test(c)))) &&
        !inChrome(node)
      ) {
        found.searchResults.push(node);
      }
      if (a.role !== undefined && a.role.toLowerCase() === 'main') found.roleMain ??= node;
      switch (node.name) {
        case 'main':
          found.main ??= node;
          break;
        case 'h1':
          if (found.firstH1 === undefined && !isSiteTitle(node)) found.firstH1 = node;
          break;
        case 'div':
          if (found.headerTitle === undefined && isHeaderTitle(node)) found.headerTitle = node;
          break;
        case 'body':
          found.body ??= node;
          found.searchableFlags.push(a['data-mc-searchable'], a['madcap:searchable']);
          break;
        case 'html':
          found.html ??= node;
          found.searchableFlags.push(a['data-mc-searchable'], a['madcap:searchable']);
          break;
        case 'title':
          found.title ??= node;
          break;
        case 'meta':
          if ((a.name ?? '').toLowerCase() === 'robots') found.robots += ` ${a.content ?? ''}`;
          if ((a.name ?? '').toLowerCase() === 'description') {
            if (JAVADOC_REPEATS.test(a.content ?? '')) found.javadocRepeats = true;
          }
          if (
            (a['http-equiv'] ?? '').toLowerCase() === 'refresh' &&
            /url\s*=/i.test(a.content ?? '')
          )
            found.redirect = true;
          break;
      }
    }
    if (node.type === 'tag' || node.type === 'root' || node.type === 'cdata') {
      for (let k = node.children.length - 1; k >= 0; k--) {
        const child = node.children[k];
        // Only what is looked at or into: text (half of the nodes) is never stacked.
        if (child?.type === 'tag' || child?.type === 'cdata') stack.push(child);
      }
    }
  }
  return found;
}

/**
 * True when an element is inside navigation or other chrome (see isExcluded): a results list
 * there belongs to the search box many generators put on every page (RDoc's in its `<nav>`).
 */
function inChrome(element: Element): boolean {
  for (let node: Element | null = element; node !== null;) {
    if (isExcluded(node)) return true;
    node = node.parent?.type === 'tag' ? node.parent : null;
  }
  return false;
}

/**
 * The page a site serves for an address it does not have, at the top of the doc set (MkDocs,
 * sphinx-notfound-page, Jekyll and Hugo write one): "Page not found" is no answer to a search.
 */
const NOT_FOUND_PAGE = /^\/?404\.html?$/i;

/** The body classes of rustdoc's source pages (`src` since Rust 1.72, `source` before). */
const RUSTDOC_SOURCE = /^rustdoc\s+(?:src|source)\b/;
/**
 * The `<html>` classes of Docusaurus's blog listings: the latest posts, a tag's or an author's
 * posts (each shown whole or up to its excerpt), and the lists of tags and authors.
 */
const DOCUSAURUS_LISTING =
  /(?:^|\s)blog-(?:list|tags-post-list|authors-posts|tags-list|authors-list)-page(?:\s|$)/;

/**
 * True for a page a generator writes to repeat what other pages hold, and leaves out of its own
 * search: rustdoc's pages of highlighted source code (`src/`) and Javadoc's (`src-html/`), each
 * repeating the names the entries define many times over, Javadoc's pages of a type's or a
 * package's uses (`class-use/`), each repeating the signatures and summaries that name it, and
 * Docusaurus's blog listings, each repeating posts indexed on their own pages. Each would outrank
 * the page that explains.
 * (Sphinx's source pages, in `_modules/`, are not listed at all: see listDocSetPages.)
 */
function repeatsOtherPages(found: Landmarks): boolean {
  return (
    RUSTDOC_SOURCE.test(found.body?.attribs.class ?? '') ||
    found.javadocRepeats ||
    DOCUSAURUS_LISTING.test(found.html?.attribs.class ?? '')
  );
}

/** True when `node` is `ancestor` or lies inside it. */
function contains(ancestor: Element | Document, node: AnyNode): boolean {
  for (let up: AnyNode | null = node; up !== null; up = up.parent) {
    if (up === ancestor) return true;
  }
  return false;
}

/** Ids and classes of the search-results template Flare puts into a topic of its own. */
const SEARCH_RESULTS_MARK = /^(?:search-?results|results-?heading|MCSearchResults\w*)$/i;
/**
 * What a class list holds when one of its classes is a {@link SEARCH_RESULTS_MARK}: few do, and
 * the others are not split into classes (that split was most of scanDocument on Sphinx pages).
 */
const MAYBE_SEARCH_RESULTS = /results/i;
const SEARCH_RESULTS_TEXT = /your search for\b[^<>]{0,300}?\breturned\b[^<>]{0,300}?\bresult\(s\)/i;

/**
 * Most characters of text the main content of a page with a search-results mark holds when the
 * page is the template. Many generators put an empty results list into the search box of every
 * page (RDoc's `#search-results`, some Jekyll themes'): those pages say much more.
 */
const TEMPLATE_TEXT_MAX = 400;

/**
 * True for a page that holds a search-results template ("Your search for ... returned ...
 * result(s).", or a results mark and little else) rather than a topic: it would match every
 * query through its placeholder words.
 */
function isSearchResultsTemplate(
  source: string,
  found: Landmarks,
  root: Document,
  regions: ReadonlyArray<Element | Document>,
): boolean {
  // A results list outside the topic's own landmark belongs to the search box of the page's frame
  // (mdBook's hidden `#searchresults` above `<main>` on every page), not to the topic.
  const landmark = regions.some(
    (region) => region === found.main || region === found.roleMain || region === found.flareMain,
  );
  const marks = found.searchResults;
  if (
    marks.length > 0 &&
    (!landmark || marks.some((mark) => regions.some((region) => contains(region, mark))))
  ) {
    let length = 0;
    for (const region of regions) length += textOf(region).length;
    if (length <= TEMPLATE_TEXT_MAX) return true;
  }
  // `includes` first: it is much faster than the case-blind search over a whole page.
  if (!source.includes('(s)') || !/result\(s\)/i.test(source)) return false;
  return SEARCH_RESULTS_TEXT.test(textOf(found.body ?? root));
}

/**
 * The main region; a page without `<body>` (a fragment) is read as a browser would, as if the
 * whole document outside `<head>` were its body.
 */
function pickMainRegion(found: Landmarks, root: Document): Element | Document {
  return (
    found.flareMain ??
    found.roleMain ??
    found.main ??
    (found.firstH1 === undefined ? undefined : headingRegion(found.firstH1)) ??
    found.body ??
    root
  );
}

/**
 * The region of a page's first `<h1>`: its closest ancestor that holds more than the heading.
 * Its parent is usually the topic's body, but DocBook wraps a chapter's title in `div.titlepage`
 * shells that hold nothing else, and so do some themes in a `<header>`: the topic is around
 * them. Undefined when only `<body>` (or the document) is around it.
 */
function headingRegion(heading: Element): Element | undefined {
  let inner: Element = heading;
  let region = heading.parent;
  while (region?.type === 'tag' && region.name !== 'body' && region.name !== 'html') {
    if (!holdsOnly(region, inner)) {
      if (!isHeaderBlock(region)) return region;
      // The page's header (its title, a byline, a man page's NAME line): the topic follows it.
      inner = region;
      region = region.parent;
      continue;
    }
    inner = region;
    region = region.parent;
  }
  return undefined;
}

/**
 * True for a page header around the title that the topic follows rather than fills: a
 * `<header>` or an element whose id or class says `header` (AsciiDoc's and Asciidoctor's
 * `#header`, themes' `page-header`) holding less text than the elements after it. AsciiDoc puts
 * the title and a man page's NAME line into `#header` and everything else into `#content`.
 */
function isHeaderBlock(element: Element): boolean {
  const a = element.attribs;
  const named =
    element.name === 'header' ||
    (a.id !== undefined && /header/i.test(a.id)) ||
    (a.class !== undefined && /(?:^|[\s_-])header(?:$|[\s_-])/i.test(a.class));
  if (!named) return false;
  const own = textOf(element).length;
  let after = 0;
  for (let next = element.next; next !== null && after <= own; next = next.next) {
    if (next.type === 'text') after += next.data.trim().length;
    else if (next.type === 'tag') after += textOf(next).length;
  }
  return after > own;
}

/** True when nothing in `element` but its child `inner` has text (anchors and spaces aside). */
function holdsOnly(element: Element, inner: Element): boolean {
  const stack: AnyNode[] = element.children.filter((child) => child !== inner);
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type === 'text') {
      if (node.data.trim() !== '') return false;
    } else if (node.type === 'tag' && !isExcluded(node)) {
      if (node.name === 'img' && (node.attribs.alt ?? '').trim() !== '') return false;
      stack.push(...node.children);
    }
  }
  return true;
}

/** The first element of the region, in document order and outside excluded parts, `is` accepts. */
function findFirst(
  region: Element | Document,
  is: (element: Element) => boolean,
): Element | undefined {
  const stack: AnyNode[] = [...region.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type !== 'tag' || isExcluded(node)) continue;
    if (is(node)) return node;
    for (let k = node.children.length - 1; k >= 0; k--) {
      const child = node.children[k];
      if (child !== undefined) stack.push(child);
    }
  }
  return undefined;
}

/** The first `<h1>` inside the region that is not in an excluded part. */
function findTitleHeading(region: Element | Document): Element | undefined {
  return findFirst(region, (node) => node.name === 'h1' && !isSiteTitle(node));
}

/**
 * The heading of an API entry that is a block of its own with an anchor: RDoc's method and
 * attribute details (`div.method-detail#method-i-seal` > `div.method-heading`), Haddock's
 * declarations (`div.top` > `p.src` holding `a.def#v:markup`, the anchor). The entry is a
 * section headed by it, as a Sphinx entry's `<dt>` heads one. Undefined for other elements.
 */
function apiEntryHeading(element: Element): Element | undefined {
  const a = element.attribs;
  if (element.name !== 'div' || a.class === undefined) return undefined;
  if (a.class === 'top') {
    const first = element.children.find((child): child is Element => child.type === 'tag');
    return first?.name === 'p' && first.attribs.class === 'src' ? first : undefined;
  }
  if (a.id === undefined || !a.class.includes('method-detail')) return undefined;
  if (!a.class.split(/\s+/).includes('method-detail')) return undefined;
  return element.children.find(
    (child): child is Element =>
      child.type === 'tag' && (child.attribs.class ?? '').split(/\s+/).includes('method-heading'),
  );
}

/**
 * The name a heading's signature defines on this page: rustdoc's method and function headings
 * link their name to their own entry (`pub fn <a href="#method.fire" class="fnname">fire</a>(`;
 * `class="fn"` in later versions). A trait implementation's method links to the trait's page
 * instead: it repeats a definition made there, as every type's `clone` does. Undefined for
 * other headings.
 */
function ownEntryName(heading: Element): string | undefined {
  // TypeDoc's member heading (`<section class="tsd-panel tsd-member"><h3 id="balanceof">`).
  const parent = heading.parent;
  if (parent?.type === 'tag' && TYPEDOC_MEMBER.test(parent.attribs.class ?? '')) {
    return normaliseSpace(textOf(heading)) || undefined;
  }
  // JSDoc's member heading (`<h4 class="name" id="balanceOf">balanceOf(account)</h4>`).
  if (heading.attribs.class === 'name' && heading.attribs.id !== undefined) {
    return signatureTerm(textOf(heading));
  }
  for (const child of heading.children) {
    if (child.type !== 'tag' || child.name !== 'a') continue;
    const a = child.attribs;
    if ((a.class === 'fnname' || a.class === 'fn') && a.href?.startsWith('#') === true) {
      return normaliseSpace(textOf(child)) || undefined;
    }
  }
  return undefined;
}

/**
 * A rustdoc function or method heading (`pub fn with_capacity(capacity: usize) -> HashMap<K, V,
 * RandomState>`) as a Sphinx entry's: its name and parameters as the heading, what comes before
 * the name (`pub fn`, `pub const unsafe fn`) and after the parameters (the return type, a `where`
 * clause) as text of the section. Else every method's heading says `pub` and `fn`, and one
 * returning its own type says the type's name (`HashMap capacity` found `with_capacity`, whose
 * heading said both words, before `capacity`). Undefined for other headings.
 */
function rustdocSignature(heading: Element): { heading: string; aside: string } | undefined {
  if (!CODE_HEADER.test(heading.attribs.class ?? '')) return undefined;
  const at = heading.children.findIndex(
    (child) =>
      child.type === 'tag' &&
      child.name === 'a' &&
      (child.attribs.class === 'fnname' || child.attribs.class === 'fn'),
  );
  if (at < 0) return undefined;
  // The name starts right after what comes before its link (`pub fn`).
  const text = normaliseSpace(textOf(heading));
  const lead = normaliseSpace(heading.children.slice(0, at).map(textOf).join(''));
  const name = normaliseSpace(textOf(heading.children[at] as AnyNode));
  const start = text.indexOf(name, lead.length);
  if (name === '' || start < 0) return undefined;
  const after = text.slice(start + name.length);
  // The parameters end where the first parenthesis after the name closes.
  let depth = 0;
  let end = -1;
  for (let k = after.indexOf('('); k >= 0 && k < after.length; k++) {
    if (after[k] === '(') depth++;
    else if (after[k] === ')' && --depth === 0) {
      end = k + 1;
      break;
    }
  }
  if (end < 0) return undefined;
  return {
    heading: name + after.slice(0, end),
    aside: `${text.slice(0, start)} ${after.slice(end)}`.trim(),
  };
}

/** rustdoc's class of an item's or a member's heading. */
const CODE_HEADER = /(?:^|\s)code-header(?:\s|$)/;

/** The class of TypeDoc's section for one member of a class, interface or module. */
const TYPEDOC_MEMBER = /(?:^|\s)tsd-member(?:\s|$)/;
/** TypeDoc's headings of a signature's parts: "Parameters", "Returns number", "Type Parameters". */
const PART_LABEL = /(?:^|\s)tsd-(?:parameters|returns|type-parameters)-title(?:\s|$)/;

/** A minor heading that is a label: a few words ending with a colon ("Parameters:", "Throws:"). */
const LABEL_TEXT = /^\s*[^\s:]+(?:\s+[^\s:]+){0,2}\s*:\s*$/u;

/**
 * True for a heading that labels a part of an API entry (TypeDoc's "Parameters" and "Returns
 * number" under each signature, JSDoc's "Parameters:", "Returns:", "Throws:") or of a topic (a
 * minor heading "Note:"): read as the text of the section it is in, as Sphinx's field lists are,
 * so an entry's parameters stay in its section and "Returns" heads no section of its own.
 */
function isPartLabel(heading: Element): boolean {
  if (PART_LABEL.test(heading.attribs.class ?? '')) return true;
  return MINOR_HEADING.test(heading.name) && LABEL_TEXT.test(textOf(heading));
}

/** The class of an admonition box (DocBook's `<div class="note">`). */
const ADMONITION = /\b(?:note|tip|warning|caution|important)\b/;

/**
 * True for an admonition box whose title is a heading (DocBook's `<div class="note"><h3
 * class="title">Note</h3>…`): the box is a section of its own, but what follows it belongs to
 * the section the box sits in, not to "Note".
 */
function isTitledAdmonition(box: Element): boolean {
  if (box.name !== 'div' || !ADMONITION.test(box.attribs.class ?? '')) return false;
  const first = box.children.find((child): child is Element => child.type === 'tag');
  return first !== undefined && HEADING.test(first.name);
}

/** Headings below the third level, where a label is a heading of its own in some generators. */
const MINOR_HEADING = /^h[4-6]$/;

/** An anchor that is a dotted name (`types.MappingProxyType.items`). */
const DOTTED_NAME = /^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)+$/u;

/**
 * The name an API entry defines, qualified as its anchor qualifies it: Sphinx writes a method
 * inside its class's entry as `items()`, its id `types.MappingProxyType.items` the only place
 * naming the class, so "items types.MappingProxyType" found the class's entry rather than the
 * method's; likewise a program's option. The name as it is otherwise.
 */
function qualifiedName(name: string, anchor: string): string {
  if (anchor.length > MAX_QUALIFIED_NAME) return name;
  // Sphinx's C domain starts its ids with the domain (`c.PyList_New`), not a qualifier.
  if (anchor === `c.${name}`) return name;
  if (anchor.endsWith(`.${name}`) && DOTTED_NAME.test(anchor)) return anchor;
  // A program's option (`--plan` of `showmigrations`, `cmdoption-showmigrations-plan`): the
  // program is named by the id and the heading above the options, not by the entry.
  const option = anchor.startsWith(OPTION_ID) ? OPTION_NAME.exec(name)?.[1] : undefined;
  const suffix = `-${option ?? ''}`;
  if (option === undefined || anchor.length <= OPTION_ID.length + suffix.length) return name;
  return anchor.endsWith(suffix)
    ? `${anchor.slice(OPTION_ID.length, -suffix.length)} ${name}`
    : name;
}

/**
 * What Sphinx calls the entries of a definition list of its Python or standard domain, where
 * their page does not say it (a method's or an attribute's entry shows its name alone; the class's
 * shows `class`): its index and its own search name a method `multiprocessing.Queue method`, an
 * option `tarfile command line option`. The words start the entry's text. Undefined for other
 * lists, and for kinds a project defines (Django's `django-admin`).
 */
function entryKind(list: Element): string | undefined {
  const [domain, kind, more] = (list.attribs.class ?? '').split(' ');
  if (more !== undefined || (domain !== 'py' && domain !== 'std')) return undefined;
  return Object.hasOwn(ENTRY_KINDS, kind ?? '') ? ENTRY_KINDS[kind as string] : undefined;
}

/** Sphinx's names of the kinds of entry its pages do not name (see entryKind). */
const ENTRY_KINDS: Record<string, string> = {
  method: 'method',
  attribute: 'attribute',
  classmethod: 'class method',
  staticmethod: 'static method',
  cmdoption: 'command line option',
  option: 'command line option',
  envvar: 'environment variable',
};

/**
 * A program option's flag as its entry names it (`-w` of `cmdoption-harborctl-w`), which is no
 * name by the rules of definitionTerm (one letter); undefined for other entries.
 */
function optionFlag(name: string, anchor: string): string | undefined {
  const flag = normaliseSpace(name);
  return anchor.startsWith(OPTION_ID) && FLAG.test(flag) ? flag : undefined;
}

/** A flag: one or two dashes, then a letter or digit, and no space. */
const FLAG = /^--?[\p{L}\p{N}][^\s]*$/u;

/** Longest anchor read as a qualified name (Sphinx's longest are under a hundred characters). */
const MAX_QUALIFIED_NAME = 200;

/** Sphinx's id prefix of a program's option (`cmdoption-tarfile-l`). */
const OPTION_ID = 'cmdoption-';
/** An option's name without its dashes (`plan` of `--plan, -p`, `l` of `-l <tarfile>`). */
const OPTION_NAME = /^-*([^\s,=<[]+)/u;

/** rustdoc's id of a struct's field (`structfield.extern_token`), the name after the dot. */
const FIELD_ID = /^structfield\.(.+)$/;

/**
 * The name of a struct field rustdoc lists under "Fields": a `<span id="structfield.name">`
 * holding its declaration (`name: Option<LitStr>`), its description after it. Each is a section
 * of its own, linked to its entry and defining the name (the spans follow one another with
 * nothing between, so read as text they ran together). Undefined for other elements.
 */
function fieldEntryName(element: Element): string | undefined {
  const id = element.attribs.id;
  if (element.name !== 'span' || id === undefined) return undefined;
  return FIELD_ID.exec(id)?.[1];
}

/** What may separate a page's own name from the manual's or site's name in its `<title>`. */
const TITLE_SUFFIX = /^(?:\s+[([|:\u2013\u2014-]|:\s)/;
/** A number before a heading's words (`5.3 `, `A.1 `, `2. `). */
const LEADING_NUMBER = /^(?:\d+|[A-Z])(?:\.\d+)*\.?\s+(?=\S)/;

/**
 * The name of a page without an `<h1>`, when its first heading (a number before it aside) is
 * what its document title starts with, before the name of the manual or site: Texinfo titles
 * the node headed "5.3 Working with cipher handles" "Working with cipher handles (The Libgcrypt
 * Reference Manual)", and its title is "Working with cipher handles". '' otherwise: the
 * document title stands, as when it is the heading itself.
 */
function headingBeforeSuffix(
  regions: ReadonlyArray<Element | Document>,
  documentTitle: string,
): string {
  if (documentTitle === '') return '';
  for (const region of regions) {
    const first = findFirst(region, (node) => HEADING.test(node.name));
    if (first === undefined) continue;
    const heading = textOf(first);
    for (const name of [heading.replace(LEADING_NUMBER, ''), heading]) {
      const rest = documentTitle.slice(name.length);
      if (name !== '' && documentTitle.startsWith(name) && TITLE_SUFFIX.test(rest)) return name;
    }
    return '';
  }
  return '';
}

/** What may stand between a page's name and its site's or book's, spaces around it. */
const SITE_NAME_SEPARATORS = new Set(['|', '\u00b7', '\u2013', '\u2014', '-']);
/** Longest site or book name looked for (a longer end of a title is no site's name). */
const MAX_SITE_NAME = 200;

/**
 * Where the last ` - ` (or ` | `, ` · `, ` – `, ` — `) of a title starts and the name after it
 * begins, in one pass from the end (a title is whatever a page says: no backtracking pattern).
 */
function lastSeparator(title: string): { at: number; name: number } | undefined {
  const stop = Math.max(1, title.length - MAX_SITE_NAME - 2);
  for (let i = title.length - 3; i >= stop; i--) {
    const c = title.charAt(i);
    if (!SITE_NAME_SEPARATORS.has(c) || !/\s/.test(title.charAt(i - 1))) continue;
    if (!/\s/.test(title.charAt(i + 1))) continue;
    let at = i - 1;
    while (at > 0 && /\s/.test(title.charAt(at - 1))) at--;
    let name = i + 1;
    while (name < title.length && /\s/.test(title.charAt(name))) name++;
    return at > 0 && name < title.length ? { at, name } : undefined;
  }
  return undefined;
}

/**
 * The document title of a page without a title heading, less the name of its site or book after
 * the last separator, when the page shows that name as a text of its own outside the content:
 * mdBook titles a chapter headed by an `<h2>` "A - Keywords - The Rust Programming Language" and
 * shows the book's name in its menu bar; MkDocs' readthedocs theme titles a page without an
 * `<h1>` "Optional CLI Arguments - Typer" beside a home link reading "Typer". The title as it is
 * otherwise (a separator that is part of the name: "Reference - Types").
 */
function withoutSiteName(
  documentTitle: string,
  body: Element | Document,
  regions: ReadonlyArray<Element | Document>,
): string {
  const separator = lastSeparator(documentTitle);
  if (separator === undefined) return documentTitle;
  const name = documentTitle.slice(separator.name);
  const stack: AnyNode[] = [body];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type === 'text') {
      if (normaliseSpace(node.data) === name) return documentTitle.slice(0, separator.at);
    } else if (node.type === 'tag' || node.type === 'root') {
      if (regions.includes(node as Element)) continue;
      for (let k = node.children.length - 1; k >= 0; k--) {
        const child = node.children[k];
        if (child !== undefined) stack.push(child);
      }
    }
  }
  return documentTitle;
}

/**
 * What Sphinx calls the section documenting a module (`glob module` in its index), a word its
 * page does not show: it starts the section's text, as an entry's kind does (see entryKind).
 */
const MODULE_KIND = 'module';

/** Javadoc's title of a type's page (`<h1 title="Class ReentrantReadWriteLock.WriteLock">`). */
const JAVADOC_TYPE_TITLE =
  /^(?:Class|Interface|Enum|Enum Class|Record|Record Class|Annotation Type|Annotation Interface) ([\p{L}_$][\p{L}\p{N}_$]*(?:\.[\p{L}_$][\p{L}\p{N}_$]*)*)$/u;

/** The type a Javadoc page documents, from its title heading; undefined on any other page. */
function javadocTypeName(title: Element): string | undefined {
  if (title.name !== 'h1' || title.attribs.class !== 'title') return undefined;
  return JAVADOC_TYPE_TITLE.exec(title.attribs.title ?? '')?.[1];
}

/** A Java member's name, as Javadoc heads its detail (`sum`, `getWaitQueueLength`). */
const JAVA_NAME = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;

/**
 * The name a Javadoc member's detail defines, qualified by its type as its page names it
 * (`DoubleAdder.sum` for `<section class="detail" id="sum()"><h3>sum</h3>`): the member's
 * heading then says the type as the constructor's does (`DoubleAdder`), and `DoubleAdder sum`
 * links to the method, not to the constructor whose text says "sum". The constructor defines
 * nothing more than its heading says. Undefined for other headings.
 */
function javadocMemberName(heading: Element, type: string | undefined): string | undefined {
  if (type === undefined || heading.name !== 'h3') return undefined;
  const parent = heading.parent;
  if (parent?.type !== 'tag' || parent.name !== 'section' || parent.attribs.id === undefined)
    return undefined;
  if (!(parent.attribs.class ?? '').split(' ').includes('detail')) return undefined;
  const name = normaliseSpace(textOf(heading));
  if (!JAVA_NAME.test(name) || type === name || type.endsWith(`.${name}`)) return undefined;
  return `${type}.${name}`;
}

/** Sphinx's target of a module (`id="module-sqlalchemy.ext.baked"`, from its `module` directive). */
const SPHINX_MODULE = /^module-([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)$/;

/**
 * The module an element is Sphinx's target of: the page or section documenting the module
 * defines its name, as an API entry defines its own (Sphinx lists it in its search index).
 */
function sphinxModuleName(element: Element): string | undefined {
  const id = element.attribs.id;
  if (id === undefined || !id.startsWith('module-')) return undefined;
  // A section the directive opens, or an empty target before it; not a heading's own id.
  const target =
    element.name === 'section' || (element.name === 'span' && element.children.length === 0);
  return target ? SPHINX_MODULE.exec(id)?.[1] : undefined;
}

/** The first heading among an element's children. */
function firstHeadingChild(element: Element): Element | undefined {
  return element.children.find(
    (child): child is Element => child.type === 'tag' && HEADING.test(child.name),
  );
}

/**
 * Turns one page of documentation HTML into sections for the index. Pure: the same HTML and
 * context always give the same result.
 *
 * The main content is the first of `#mc-main-content`, `[role=main]`, `<main>`, the closest
 * ancestor of the first `<h1>` that holds more than it (beyond a page header that the topic
 * follows), and `<body>`; navigation, menus,
 * breadcrumb shells, forms, scripts, styles and anything marked `nocontent`, `data-mc-ignore` or
 * `data-mc-searchable="False"` are dropped.
 * A new section starts at every heading after the title, at every definition term with an
 * id (API entries in Sphinx and similar output) and at every RDoc method or attribute entry.
 * Anchors come from the heading's id, a bookmark (`<a name>`) inside it, the id of the section
 * element it opens or an empty marker just before it; otherwise a stable id is generated from
 * the heading text. Malformed HTML is read as far as
 * a browser would and reported in `warnings`. The doc set's rules (`context.rules`) take
 * precedence over this detection where they match: see {@link ExtractionRules}.
 */
export function extractSections(html: string | Uint8Array, context: ExtractContext): ExtractedPage {
  const source = typeof html === 'string' ? html : new TextDecoder('utf-8').decode(html);
  return extractParsedPage(source, parsePageHtml(source), context);
}

/**
 * {@link extractSections} of a page the caller has parsed already: `root` is
 * {@link parsePageHtml} of `source`. The indexer parses a page once and reads
 * its hierarchy links from the same DOM.
 */
export function extractParsedPage(
  source: string,
  root: Document,
  context: ExtractContext,
): ExtractedPage {
  const warnings: string[] = [];
  const problems = findMarkupProblems(source);
  if (problems.count > 0) {
    warnings.push(`malformed HTML: ${problems.count} nesting problem(s), first ${problems.first}`);
  }
  const ruled =
    context.rules === undefined ? {} : applyExtractionRules(root, context.rules, warnings);
  const breadcrumb = ruled.trail ?? context.breadcrumb ?? folderBreadcrumb(context.path);
  const fileName = safeDecode(context.path.split('/').pop() ?? '').replace(/\.[^.]*$/, '');
  const found = scanDocument(root);
  const regions: Array<Element | Document> = ruled.regions ?? [pickMainRegion(found, root)];
  const noIndex =
    NOT_FOUND_PAGE.test(context.path) ||
    repeatsOtherPages(found) ||
    found.redirect ||
    /\bnoindex\b/i.test(found.robots) ||
    found.searchableFlags.some(isFalseFlag) ||
    isSearchResultsTemplate(source, found, root, regions);
  if (noIndex) {
    return { title: fileName, breadcrumb, sections: [], indexable: false, warnings };
  }

  let titleElement = ruled.title ?? found.headerTitle;
  for (const region of regions) titleElement ??= findTitleHeading(region);
  const documentTitle = found.title === undefined ? '' : textOf(found.title);
  const titleText = titleElement === undefined ? '' : textOf(titleElement);
  const javadocType = titleElement === undefined ? undefined : javadocTypeName(titleElement);
  const title =
    titleText ||
    headingBeforeSuffix(regions, documentTitle) ||
    withoutSiteName(documentTitle, found.body ?? root, regions) ||
    fileName;

  // Only anchors the page has: publishing gives every heading an id (addHeadingIds), and a page
  // published before that keeps linking to the nearest anchor above a heading without one.
  const top: DraftSection = {
    heading: '',
    anchor: titleElement === undefined ? '' : findAnchor(titleElement, false),
    parts: [],
  };
  const drafts: DraftSection[] = [top];
  let current = top;
  let truncated = false;

  // Modules a Sphinx section element defines (see sphinxModuleName), for the section its
  // heading starts.
  let pendingModules: string[] = [];
  const startSection = (heading: string, element: Element): DraftSection => {
    const anchor = findAnchor(element, true) || current.anchor;
    const draft: DraftSection = { heading, anchor, parts: [] };
    if (pendingModules.length > 0) {
      draft.definitions = pendingModules;
      draft.parts.push(MODULE_KIND, ' ');
      pendingModules = [];
    }
    drafts.push(draft);
    return draft;
  };
  /** Adds a name to what a section defines (after what it defines already). */
  const define = (section: DraftSection, name: string) => {
    if (!(section.definitions ??= []).includes(name)) section.definitions.push(name);
  };

  const walkDefinitionList = (list: Element, entry: DraftSection | null, depth: number): void => {
    const kind = entryKind(list);
    let group: DraftSection | null = null;
    let afterTerm = false;
    for (const child of list.children) {
      if (child.type === 'tag' && child.name === 'dt') {
        const anchor = findAnchor(child, false);
        if (anchor !== '') {
          const signature = signatureHeading(child) ?? typedTermHeading(child);
          const heading = signature?.heading ?? textOf(child);
          if (group !== null && afterTerm) group.heading = `${group.heading} / ${heading}`;
          else {
            // A project's own option directive (Django's `django-admin-option`) keeps Sphinx's
            // option ids, and its index names the entries as Sphinx's options.
            const entry =
              kind ?? (anchor.startsWith(OPTION_ID) ? ENTRY_KINDS.cmdoption : undefined);
            group = { heading, anchor, parts: entry === undefined ? [] : [entry, ' '] };
            // The name the entry defines counts as said by its heading (see definitionTermsOf).
            const name =
              signature === undefined
                ? definitionTerm(child, true)
                : (signatureTerm(signature.name) ?? optionFlag(signature.name, anchor));
            if (name !== undefined) group.definitions = [qualifiedName(name, anchor)];
            drafts.push(group);
          }
          if (signature !== undefined && signature.aside !== '') {
            group.parts.push(signature.aside, ' ');
          }
        } else {
          if (!afterTerm) group = null;
          walk(child, group ?? entry, depth + 1);
        }
        afterTerm = true;
      } else {
        if (child.type === 'tag' && child.name === 'dd') afterTerm = false;
        walk(child, group ?? entry, depth + 1);
      }
    }
  };

  const walk = (node: AnyNode, entry: DraftSection | null, depth: number): void => {
    const target = entry ?? current;
    if (node.type === 'text') {
      target.parts.push(node.data);
      return;
    }
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') {
      if (node.type === 'cdata' || node.type === 'root') {
        for (const child of node.children) walk(child, entry, depth + 1);
      }
      return;
    }
    if (node.type !== 'tag' || isExcluded(node)) return;
    if (depth > MAX_DEPTH) {
      if (!truncated) warnings.push('nesting too deep: deeper content indexed as plain text');
      truncated = true;
      target.parts.push(' ', textOf(node), ' ');
      return;
    }
    if (node === titleElement) return;
    const name = node.name;
    const module = sphinxModuleName(node);
    if (module !== undefined) {
      // A section element holding the module's target: the section its heading starts defines
      // it (the page top when that heading is the title).
      const heading = name === 'section' ? firstHeadingChild(node) : undefined;
      if (heading !== undefined && heading !== titleElement) pendingModules.push(module);
      else {
        define(target, module);
        target.parts.push(' ', MODULE_KIND, ' ');
      }
    }
    const entryHeading = entry === null ? apiEntryHeading(node) : undefined;
    if (entryHeading !== undefined) {
      current = startSection(textOf(entryHeading), node);
      // The name alone (`weight` of `weight[R]`, `markup` of `markup :: DocMarkupH ...`), where
      // the heading marks it.
      const methodName = entryHeading.children.find(
        (child): child is Element =>
          child.type === 'tag' &&
          (child.attribs.class === 'method-name' || child.attribs.class === 'def'),
      );
      const defined = definitionTerm(methodName ?? entryHeading, true);
      if (defined !== undefined) define(current, defined);
      for (const child of node.children) {
        if (child !== entryHeading) walk(child, null, depth + 1);
      }
      return;
    }
    if (name === 'dt' || name === 'td' || name === 'th' || name === 'li' || name === 'p') {
      collectDefinition((target.definitions ??= []), node);
    }
    const field = entry === null ? fieldEntryName(node) : undefined;
    if (field !== undefined) {
      current = startSection(textOf(node), node);
      define(current, field);
      return;
    }
    if (HEADING.test(name) && !isPartLabel(node)) {
      const signature = rustdocSignature(node);
      current = startSection(signature?.heading ?? textOf(node), node);
      const defined = ownEntryName(node) ?? javadocMemberName(node, javadocType);
      if (defined !== undefined) define(current, defined);
      if (signature !== undefined && signature.aside !== '')
        current.parts.push(signature.aside, ' ');
      return;
    }
    if (name === 'dl') {
      target.parts.push(' ');
      walkDefinitionList(node, entry, depth);
      target.parts.push(' ');
      return;
    }
    const entryRow = entry === null && name === 'tr' ? functionEntry(node) : undefined;
    if (entryRow !== undefined) {
      current = {
        heading: entryRow.name,
        anchor: entryRow.anchor,
        parts: [entryRow.aside, ' '],
        definitions: [entryRow.name],
        functionEntry: true,
      };
      drafts.push(current);
      for (const child of entryRow.cell.children)
        if (child !== entryRow.signature) walk(child, null, depth + 2);
      // The row's short values beside the entry cell ("Partial Mode": `Yes`) are its text too.
      for (const cell of node.children) if (cell !== entryRow.cell) walk(cell, null, depth + 1);
      return;
    }
    const block = isBlockElement(name);
    if (block) target.parts.push(' ');
    if (name === 'img' && !isChromeImage(node)) {
      const alt = node.attribs.alt;
      if (alt !== undefined && alt.trim() !== '') target.parts.push(' ', alt, ' ');
    }
    const before = current;
    for (const child of node.children) walk(child, entry, depth + 1);
    if (block) target.parts.push(' ');
    // What follows a table of function entries is the section's the table is in again.
    // So is what follows an admonition box whose title heads a section ("Note", "Tip").
    const resumes =
      (name === 'table' && current.functionEntry === true) || isTitledAdmonition(node);
    if (current !== before && resumes) {
      current = { heading: before.heading, anchor: before.anchor, parts: [], resumed: true };
      drafts.push(current);
    }
  };

  for (const region of regions) {
    for (const child of region.children) walk(child, null, 1);
  }

  const sections: ExtractedSection[] = [];
  for (const draft of drafts) {
    let text = normaliseSpace(draft.parts.join(''));
    if (text.length > MAX_SECTION_TEXT) text = text.slice(0, MAX_SECTION_TEXT);
    // An empty page top is kept only when it is all there is, so the title stays findable.
    if (draft === top && text === '' && (drafts.length > 1 || title === fileName)) continue;
    if (draft.resumed === true && text === '') continue;
    const definitions = draft.definitions ?? [];
    sections.push({
      heading: draft.heading,
      anchor: draft.anchor,
      text,
      ...(definitions.length > 0 ? { definitions } : {}),
    });
  }
  if (sections.length === 0) warnings.push('no text found in the main content');
  return { title, breadcrumb, sections, indexable: true, warnings };
}
