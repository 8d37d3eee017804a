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

/** Collapses runs of whitespace (including non-breaking spaces) into single spaces and trims. */
export function normaliseSpace(text: string): string {
  return text.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
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
]);

/**
 * True for elements whose content is not searchable: navigation, menus, breadcrumb shells,
 * forms, scripts, styles, anything marked `nocontent`, `data-mc-ignore` or
 * `data-mc-searchable="False"`, hidden elements, Flare's breadcrumb and mini-TOC boxes and the
 * permalink symbols generators put into headings.
 */
export function isExcluded(element: Element): boolean {
  if (EXCLUDED_TAGS.has(element.name)) return true;
  const a = element.attribs;
  if (a['data-mc-ignore'] !== undefined || a.hidden !== undefined) return true;
  if (a['data-mc-searchable'] !== undefined && a['data-mc-searchable'].toLowerCase() === 'false')
    return true;
  if (a.role !== undefined && EXCLUDED_ROLES.has(a.role.toLowerCase())) return true;
  const label = a['aria-label'];
  if (label !== undefined && /^breadcrumbs?$/i.test(label.trim())) return true;
  const classes = a.class;
  if (classes !== undefined && classes !== '') {
    for (const name of classes.split(/\s+/)) {
      if (EXCLUDED_CLASSES.has(name.toLowerCase())) return true;
      if (name.startsWith('MCBreadcrumbsBox') || name.startsWith('MCMiniToc')) return true;
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
