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
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;

/**
 * Removes invisible characters (`role_\u200bname` is the word `role_name`), collapses runs of
 * whitespace (including non-breaking spaces) into single spaces and trims.
 */
export function normaliseSpace(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/** Elements that are never content: navigation, chrome, forms, code to run, embedded objects. */
const EXCLUDED_TAGS = new Set([
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
  // Generated lists of child pages (DocBook's and Sphinx's tables of contents).
  'toc',
  'toctree-wrapper',
  // Skin menus beside the topic body (Flare's side and top navigation, off-canvas menus).
  'menu',
  'sidenav',
  'sidenav-container',
  'off-canvas',
  'off-canvas-list',
  'off-canvas-accordion',
]);
/** Attributes that mark generator navigation bound to a table of contents (Flare skins). */
const NAVIGATION_ATTRIBUTES = ['data-mc-toc', 'data-mc-linked-toc', 'data-mc-side-nav-menu'];

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
  if (a['data-mc-ignore'] !== undefined || a.hidden !== undefined) return true;
  if (a['data-pagefind-ignore'] !== undefined) return true;
  if (isFalseFlag(a['data-mc-searchable']) || isFalseFlag(a['madcap:searchable'])) return true;
  if (element.name !== 'body' && element.name !== 'html') {
    for (const name of NAVIGATION_ATTRIBUTES) if (a[name] !== undefined) return true;
  }
  if (a.role !== undefined && EXCLUDED_ROLES.has(a.role.toLowerCase())) return true;
  const label = a['aria-label'];
  if (label !== undefined && /^breadcrumbs?$/i.test(label.trim())) return true;
  const classes = a.class;
  if (classes !== undefined && classes !== '') {
    for (const name of classes.split(/\s+/)) {
      if (EXCLUDED_CLASSES.has(name.toLowerCase())) return true;
      if (name.startsWith('MCBreadcrumbsBox') || name.startsWith('MCMiniToc')) return true;
      // Skin components, and Flare's related-topics control (a generated label and link list).
      if (name.startsWith('_Skins_') || name.startsWith('MCRelatedTopics')) return true;
    }
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
