import { type Document, DomHandler } from 'domhandler';
import { Parser } from 'htmlparser2';

/**
 * Builds a page's DOM as htmlparser2's `parseDocument` does (HTML mode, default options), with
 * each element's attributes in an object without a prototype. The parser builds every element's
 * attributes as a plain object whose shape follows its attribute names and their order, so the
 * extractor's reads (`attribs.class`, `attribs.id`, ...) met thousands of shapes and took V8's
 * megamorphic path, the slowest; objects without a prototype are hash tables that share one
 * shape, and each of those reads is one table look-up.
 */
export class PageDomHandler extends DomHandler {
  override onopentag(name: string, attribs: Record<string, string>): void {
    this.openElement(name, attributeTable(attribs));
  }

  /** Adds an element, its attributes in their table, to the DOM. */
  protected openElement(name: string, attribs: Record<string, string>): void {
    super.onopentag(name, attribs);
  }
}

/** `attribs` copied into an object without a prototype (see {@link PageDomHandler}). */
export function attributeTable(attribs: Record<string, string>): Record<string, string> {
  const table = Object.create(null) as Record<string, string>;
  for (const key in attribs) table[key] = attribs[key] as string;
  return table;
}

/** The DOM of a page as the extractor reads it (see {@link PageDomHandler}). */
export function parsePageHtml(source: string): Document {
  const handler = new PageDomHandler();
  new Parser(handler).end(source);
  return handler.root;
}
