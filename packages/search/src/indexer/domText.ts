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
]);

/** True when a `searchable`-style flag says no (`False`, `false`, `no`). */
export function isFalseFlag(value: string | undefined): boolean {
  return value !== undefined && /^(?:false|no|0)$/i.test(value.trim());
}

/**
 * True for elements whose content is not searchable: navigation, menus, breadcrumb shells,
 * forms, scripts, styles, anything marked `nocontent`, `data-mc-ignore`, `data-pagefind-ignore`,
 * `data-mc-searchable="False"` or `MadCap:searchable="False"`, hidden elements, Flare's skin
 * components (`_Skins_*`, menus bound to a TOC), breadcrumb and mini-TOC boxes and the
 * permalink symbols generators put into headings.
 */
export function isExcluded(element: Element): boolean {
  if (EXCLUDED_TAGS.has(element.name)) return true;
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
        if (value === 'header' && holdsNodeLinks(element)) return true;
        break;
      // A page footer by id (AsciiDoc's "Last updated ...").
      case 'id':
        if (value.toLowerCase() === 'footer') return true;
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
const MAYBE_EXCLUDED_CLASS = /content|crumb|lin|nav|toc|menu|canvas|index|foot|MC|_Skins_/i;

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
  return normaliseSpace(parts.join('')).replace(/\s*[¶§🔗]+$/u, '');
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
 * True for an `<h1>` that is only a link to another page: the site name in a theme's header
 * (Django's and other Sphinx themes), not the topic's heading.
 */
export function isSiteTitle(h1: Element): boolean {
  const content = h1.children.filter((c) => c.type !== 'text' || c.data.trim() !== '');
  const only = content[0];
  return (
    content.length === 1 &&
    only?.type === 'tag' &&
    only.name === 'a' &&
    (only.attribs.href ?? '').replace(/#.*$/, '') !== ''
  );
}
