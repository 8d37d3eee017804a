import createDOMPurify from 'dompurify';
import { IconError } from './IconError';

const purifier = createDOMPurify(window);

/** Elements an icon may never contain (DOMPurify removes more; these are the icon policy). */
const FORBIDDEN_ELEMENTS = ['script', 'foreignobject', 'style', 'a', 'iframe'];

/** True for an attribute value that refers to anything but the icon itself (`#id`). */
function isExternalReference(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  if ((lower === 'href' || lower === 'xlink:href') && !value.trim().startsWith('#')) return true;
  return /url\s*\(\s*['"]?\s*(?!#)/i.test(value);
}

purifier.addHook('uponSanitizeAttribute', (_node, data) => {
  if (isExternalReference(data.attrName, data.attrValue)) data.keepAttr = false;
});

/**
 * Re-applies the icon policy on a static list of the result's elements: event handlers,
 * external references and forbidden elements go (a link keeps its drawing). DOMPurify already
 * does this; the second pass keeps the guarantee whatever the DOM implementation's tree walking.
 */
function enforcePolicy(svg: Element): void {
  for (const element of [svg, ...svg.querySelectorAll('*')]) {
    const name = element.localName.toLowerCase();
    if (element !== svg && FORBIDDEN_ELEMENTS.includes(name)) {
      if (name === 'a') element.replaceWith(...element.childNodes);
      else element.remove();
      continue;
    }
    for (const attribute of [...element.attributes]) {
      if (/^on/i.test(attribute.name) || isExternalReference(attribute.name, attribute.value)) {
        element.removeAttribute(attribute.name);
      }
    }
  }
}

/**
 * Cleans SVG text before it reaches the DOM: SVG elements only; no scripts, event handlers,
 * foreignObject, style sheets or external references. Returns the markup of one `<svg>` sized
 * by its container; throws {@link IconError} `invalid_svg` when no SVG is left.
 */
export function sanitizeSvg(text: string): string {
  const fragment = purifier.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'style', 'script', 'a'],
    RETURN_DOM_FRAGMENT: true,
  });
  const svg = fragment.firstElementChild;
  if (!svg || svg.localName.toLowerCase() !== 'svg') {
    throw new IconError('invalid_svg', 'The icon is not an SVG image.');
  }
  enforcePolicy(svg);
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  return svg.outerHTML;
}
