import type { AnyNode, Element } from 'domhandler';

const BLOCK_ELEMENTS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

/** True for elements whose content must not run into the words around it. */
export function isBlockElement(name: string): boolean {
  return BLOCK_ELEMENTS.has(name);
}

/** Characters with no width that join or break words invisibly (zero-width space, soft hyphen). */
// NUL is dropped as browsers drop it from text.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000\u00ad\u200b-\u200d\u2060\ufeff]/g;

/**
 * Runs of whitespace (`\s` holds the non-breaking space) other than the single spaces that are
 * most of them: leaving those as they are makes the collapse a third cheaper.
 */
const SPACE_TO_REPLACE = /\s{2,}|[^\S ]/g;

/**
 * Removes invisible characters (`role_\u200bname` is the word `role_name`), collapses runs of
 * whitespace (including non-breaking spaces) into single spaces and trims.
 */
export function normaliseSpace(text: string): string {
  return text.replace(INVISIBLE, '').replace(SPACE_TO_REPLACE, ' ').trim();
}

/** Elements that are never content: navigation, chrome, forms, code to run, embedded objects. */
const EXCLUDED_TAGS = new Set([
  // Metadata: only reached in a page without <body>, which is read as if the rest were its body.
  'head',
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'canvas',
  'nav',
  'menu',
  'form',
  'button',
  'select',
  'textarea',
  'input',
  'footer',
]);
const EXCLUDED_ROLES = new Set([
  'navigation',
  'menu',
  'menubar',
  'search',
  'banner',
  'contentinfo',
  'tree',
  'toolbar',
]);
/** Compared in lower case; each holds a word of {@link MAYBE_EXCLUDED_CLASS}. */
const EXCLUDED_CLASSES = new Set([
  'nocontent',
  'breadcrumbs',
  'breadcrumb',
  'headerlink',
  'anchorjs-link',
  'permalink',
  // DocBook's navigation shells above and below every chunk.
  'navheader',
  'navfooter',
  // Texinfo 7's Next/Previous/Up links above every node.
  'nav-panel',
  // Page footers (Doxygen's "Generated on ... by doxygen", themes' copyright lines).
  'footer',
  // Generated lists of child pages (DocBook's and Sphinx's tables of contents, Asciidoctor's
  // side one).
  'toc',
  'toc2',
  'toctree-wrapper',
  // Back-of-book indexes (DocBook's entries, Sphinx's general and module indexes): every entry
  // names a term and links to where it is explained, so the index page would match every query
  // and answer none. Its title stays searchable.
  'indexdiv',
  'genindextable',
  'modindextable',
  // Skin menus beside the topic body (Flare's side and top navigation, off-canvas menus).
  'menu',
  'sidenav',
  'sidenav-container',
  'off-canvas',
  'off-canvas-list',
  'off-canvas-accordion',
  // RDoc's "click to toggle source" beside every method's name.
  'method-click-advice',
  // gtk-doc's Top | Description | Home | Up | Prev | Next bar above every page.
  'navigation',
  // Line numbers beside code: Pygments' (Sphinx, MkDocs), gtk-doc's, Javadoc's source pages.
  'linenos',
  'linenodiv',
  'lineno',
  'listing_lines',
  'sourcelineno',
  'source-line-no',
  // rustdoc's chrome around items: "1.0.0 · source · [−]" beside the title and every entry,
  // "Run" on every example, the notable-traits pop-up inside signatures, "Expand description",
  // and the logo above the content.
  'srclink',
  'rightside',
  'out-of-band',
  'test-arrow',
  'notable-traits',
  'hideme',
  'sub-logo-container',
  // Javadoc's "Methods declared in class java.lang.Object: clone, equals, ..." under every
  // class's summary: names linked to their definitions on other pages (a short section of
  // bare names would rank first for each of them).
  'inherited-list',
  // The previous/next links under every page of the PyData and Book Sphinx themes, and the
  // Book theme's in-page table of contents beside the topic.
  'prev-next-area',
  'prev-next-footer',
  'bd-toc',
  // Haddock's "#" link to each declaration's own anchor, and the "Instance details" labels
  // of its (open) instance lists.
  'selflink',
  'hide-when-js-enabled',
  // Sphinx's "[source]" link (viewcode) after the signature of every documented object.
  'viewcode-link',
  // TypeDoc's "Defined in index.ts:19" under every entry, and the index of the page's members
  // ahead of them (their names again, linked to the entries below).
  'tsd-sources',
  'tsd-index-group',
  // JSDoc's "Source: ledger.js, line 29" under every entry, and the scope and return type beside
  // each name ("(static)", "→ {number}"), which would be words of the entry's heading.
  'tag-source',
  'type-signature',
]);

/** True when a `searchable`-style flag says no (`False`, `false`, `no`). */
export function isFalseFlag(value: string | undefined): boolean {
  return value !== undefined && /^(?:false|no|0)$/i.test(value.trim());
}

/**
 * True for elements whose content is not searchable: navigation, menus, breadcrumb shells,
 * forms, scripts, styles, anything marked `nocontent`, `data-mc-ignore`, `data-pagefind-ignore`,
 * `data-mc-searchable="False"` or `MadCap:searchable="False"`, hidden elements, Flare's skin
 * components (`_Skins_*`, menus bound to a TOC), breadcrumb and mini-TOC boxes, the
 * permalink symbols generators put into headings, texi2html's button bars and credit line, and
 * Doxygen's title area and header links.
 */
export function isExcluded(element: Element): boolean {
  if (EXCLUDED_TAGS.has(element.name)) return true;
  if (element.name === 'table' && isButtonBar(element)) return true;
  if (element.name === 'font' && isGeneratorCredit(element)) return true;
  const a = element.attribs;
  // One pass over the attributes the element has: most have none or one of those looked for.
  for (const name in a) {
    const value = a[name] as string;
    switch (name) {
      case 'data-mc-ignore':
      case 'hidden':
      case 'data-pagefind-ignore':
        return true;
      case 'data-mc-searchable':
      case 'madcap:searchable':
        if (isFalseFlag(value)) return true;
        break;
      // Generator navigation bound to a table of contents (Flare skins).
      case 'data-mc-toc':
      case 'data-mc-linked-toc':
      case 'data-mc-side-nav-menu':
        if (element.name !== 'body' && element.name !== 'html') return true;
        break;
      case 'role':
        if (EXCLUDED_ROLES.has(value.toLowerCase())) return true;
        break;
      case 'aria-label':
        if (/^breadcrumbs?$/i.test(value.trim())) return true;
        break;
      case 'class':
        if (value !== '' && hasExcludedClass(value)) return true;
        // Javadoc's index of every member (`index-all.html`), a back-of-book index as above.
        if (element.name === 'dl' && value.includes('index') && hasClass(element, 'index'))
          return true;
        if (value === 'header' && (holdsNodeLinks(element) || holdsHeaderTitle(element)))
          return true;
        // Haddock's "Source" link in every declaration's signature.
        if (value === 'link' && element.name === 'a' && isInSignature(element)) return true;
        break;
      // A page footer by id (AsciiDoc's "Last updated ..."), Doxygen's project name and logo
      // above every page, rustdoc's blanket implementations (`From<T>`, `Into<U>`, `Borrow<T>`
      // for every type: the same entries and text on every page of a crate).
      //
      // Haddock's package header ("Source Contents Index" and the package name on every page)
      // and synopsis (every signature of the page again, in a list ahead of the declarations),
      // and the table of its index page (doc-index: every identifier with links to its module).
      case 'id':
        if (
          value.length >= 6 &&
          /^(?:footer|titlearea|package-header|blanket-implementations(?:-list)?)$/i.test(value)
        )
          return true;
        if ((value === 'syn' && element.name === 'details') || value === 'section.syn') return true;
        if (value === 'index' && element.name === 'div' && holdsTable(element)) return true;
        break;
    }
  }
  return false;
}

/**
 * What a class list holds, in any case, when one of its classes marks chrome: each of
 * {@link EXCLUDED_CLASSES} holds one of these words (the `k` of `link` is left out, as the Kelvin
 * sign lower-cases to it), and the prefixes start with `MC` or `_Skins_`. Most class lists hold
 * none, and are not split into classes at all (that split was two thirds of isExcluded).
 */
const MAYBE_EXCLUDED_CLASS =
  /content|crumb|lin|nav|toc|menu|canvas|index|foot|advice|side|band|arrow|notable|hide|logo|inherit|prev|source|signature|MC|_Skins_/i;

/** Classes of Texinfo's index tables (concepts, functions, variables, keys, programs, types). */
const TEXINFO_INDEX = /^index-(?:cp|fn|vr|ky|pg|tp)$|-printindex$/i;

/** Relations of the links that walk a manual node by node (Next, Previous, Up). */
const NODE_LINK = /^(?:next|prev|previous|up)$/i;

/**
 * True when an element holds a link to the next, previous or parent node (`rel`): Texinfo's
 * `div.header` above every node says "Next: ..., Previous: ..., Up: ..." and nothing else.
 */
function holdsNodeLinks(element: Element): boolean {
  const stack: AnyNode[] = [...element.children];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type !== 'tag') continue;
    if (node.name === 'a' && NODE_LINK.test(node.attribs.rel ?? '')) return true;
    stack.push(...node.children);
  }
  return false;
}

/** True for an element inside Haddock's signature of a declaration (`p.src`, `td.src`). */
function isInSignature(element: Element): boolean {
  const parent = element.parent;
  return parent?.type === 'tag' && hasClass(parent, 'src');
}

/** True when one of an element's children is a table. */
function holdsTable(element: Element): boolean {
  return element.children.some((child) => child.type === 'tag' && child.name === 'table');
}

/** True when an element's class list holds `name`. */
function hasClass(element: Element, name: string): boolean {
  const classes = element.attribs.class;
  return classes !== undefined && classes.split(/\s+/).includes(name);
}

/**
 * True for the page title Doxygen writes above the contents (`div.headertitle > div.title`):
 * the page's own name. An `<h1>` in its contents starts the first section (a related page's
 * "Introduction"), and the document title puts the project's name before it.
 */
export function isHeaderTitle(element: Element): boolean {
  // Most elements are ruled out before their class list is split.
  if (element.name !== 'div' || element.attribs.class?.includes('title') !== true) return false;
  const parent = element.parent;
  return hasClass(element, 'title') && parent?.type === 'tag' && hasClass(parent, 'headertitle');
}

/**
 * True for Doxygen's `div.header` (a child `div.headertitle`): beside the title, read on its own
 * (see {@link isHeaderTitle}), it holds only jump links to the page's member lists and the
 * groups the page belongs to.
 */
function holdsHeaderTitle(element: Element): boolean {
  return element.children.some((child) => child.type === 'tag' && hasClass(child, 'headertitle'));
}

/** Text of a button in a button bar: `[ << ]`, `[Contents]`, `[ ? ]`. */
const BUTTON = /^\[[^[\]]{1,40}\]$/;

/**
 * True for a table of buttons, texi2html's bars above and below every node and section
 * (`[ << ] [ >> ] [Top] [Contents] [Index] [ ? ]`): one row, two or more cells, each a button in
 * square brackets or blank.
 */
function isButtonBar(table: Element): boolean {
  let row: Element | undefined;
  // The one row, directly or in a tbody; a second row or anything else ends the look at once.
  const take = (node: Element): boolean => {
    if (node.name !== 'tr' || row !== undefined) return false;
    row = node;
    return true;
  };
  for (const child of table.children) {
    if (child.type !== 'tag') continue;
    if (child.name !== 'tbody') {
      if (!take(child)) return false;
      continue;
    }
    for (const inner of child.children) if (inner.type === 'tag' && !take(inner)) return false;
  }
  if (row === undefined) return false;
  let buttons = 0;
  for (const cell of row.children) {
    if (cell.type !== 'tag') continue;
    if (cell.name !== 'td') return false;
    const text = leadingText(cell, 64);
    if (text === '') continue;
    if (!BUTTON.test(text)) return false;
    buttons++;
  }
  return buttons >= 2;
}

/**
 * True for texi2html's credit under every page, in a `<font>`: "This document was generated by
 * ... using texi2html".
 */
function isGeneratorCredit(element: Element): boolean {
  return /^This document was generated\b[^]*\btexi2html\b/i.test(leadingText(element, 400));
}

/**
 * The text under a node, exclusions not applied (what chrome says), cut short once longer than
 * `limit` characters: enough to tell a button or a credit line from content.
 */
function leadingText(node: AnyNode, limit: number): string {
  let text = '';
  const stack: AnyNode[] = [node];
  while (stack.length > 0 && text.length <= limit) {
    const next = stack.pop() as AnyNode;
    if (next.type === 'text') text += next.data;
    else if (next.type === 'tag') {
      for (let k = next.children.length - 1; k >= 0; k--) stack.push(next.children[k] as AnyNode);
    }
  }
  return normaliseSpace(text);
}

/** True when one of the classes marks chrome (see {@link isExcluded}). */
function hasExcludedClass(classes: string): boolean {
  if (!MAYBE_EXCLUDED_CLASS.test(classes)) return false;
  for (const name of classes.split(/\s+/)) {
    if (EXCLUDED_CLASSES.has(name.toLowerCase())) return true;
    if (name.startsWith('MCBreadcrumbsBox') || name.startsWith('MCMiniToc')) return true;
    // Skin components, and Flare's related-topics control (a generated label and link list).
    if (name.startsWith('_Skins_') || name.startsWith('MCRelatedTopics')) return true;
    // Texinfo's indexes: makeinfo 6's `index-cp`, `index-fn`..., makeinfo 7's
    // `cp-entries-printindex` and letter bars (see the back-of-book indexes above).
    if (TEXINFO_INDEX.test(name)) return true;
  }
  return false;
}

/** Visible text of a node, blocks separated by spaces, permalink symbols at the end removed. */
export function textOf(node: AnyNode): string {
  const parts: string[] = [];
  const stack: AnyNode[] = [node];
  while (stack.length > 0) {
    const next = stack.pop() as AnyNode;
    if (next.type === 'text') {
      parts.push(next.data);
    } else if (next.type === 'tag' || next.type === 'cdata' || next.type === 'root') {
      if (next.type === 'tag' && isExcluded(next)) continue;
      const block = next.type === 'tag' && isBlockElement(next.name);
      if (block) parts.push(' ');
      for (let k = next.children.length - 1; k >= 0; k--) {
        const child = next.children[k];
        if (child !== undefined) stack.push(child);
      }
    }
  }
  return withoutPermalinkMark(normaliseSpace(parts.join('')));
}

/** Text without the permalink symbols generators put at the end of headings (`¶`, `§`, `🔗`). */
export function withoutPermalinkMark(text: string): string {
  return text.replace(/\s*[¶§🔗]+$/u, '');
}

const CHROME_IMAGE_CLASS =
  /^MC\w*(?:Icon|Image|HotSpot)|^MC(?:DropDown|Expanding|Toggler|RelatedTopics)/i;

/**
 * True for images that are generator chrome rather than content, whose alt text must not be
 * searchable: Flare's drop-down, expanding-text and toggler icons and related-topics link icons,
 * skin images, DocBook's admonition icons (`[Note]`) and images marked decorative.
 */
export function isChromeImage(image: Element): boolean {
  const a = image.attribs;
  if (a['aria-hidden'] === 'true' || a.role === 'presentation' || a.role === 'none') return true;
  const src = a.src ?? '';
  if (/(?:^|\/)Skins\//i.test(src) || /(?:^|\/)transparent\.gif$/i.test(src)) return true;
  const alt = (a.alt ?? '').trim();
  if (/\bLink Icon$/i.test(alt) || /^\[[^\]]{1,20}\]$/.test(alt)) return true;
  const names = `${a.class ?? ''} ${a.name ?? ''}`.split(/\s+/);
  if (names.some((name) => CHROME_IMAGE_CLASS.test(name))) return true;
  let parent = image.parent;
  for (let up = 0; up < 3 && parent?.type === 'tag'; up++, parent = parent.parent) {
    const classes = (parent.attribs.class ?? '').split(/\s+/);
    if (classes.some((name) => /^MC(?:DropDown|Expanding|Toggler)\w*HotSpot/i.test(name)))
      return true;
  }
  return false;
}

/**
 * True for an `<h1>` that is not the topic's heading: only a link to another page (the site
 * name in a theme's header, Django's and other Sphinx themes), or Haddock's "Documentation"
 * above a module's declarations (`div#interface > h1`; the module is named by the document
 * title).
 */
export function isSiteTitle(h1: Element): boolean {
  const parent = h1.parent;
  if (parent?.type === 'tag' && parent.attribs.id === 'interface') return true;
  const content = h1.children.filter((c) => c.type !== 'text' || c.data.trim() !== '');
  const only = content[0];
  if (content.length !== 1 || only?.type !== 'tag' || only.name !== 'a') return false;
  // A link into a section of another page is not to a site's home: texi2html links every
  // chapter's heading to its line in the table of contents.
  const [address = '', fragment = ''] = (only.attribs.href ?? '').split('#');
  return address !== '' && fragment === '';
}
