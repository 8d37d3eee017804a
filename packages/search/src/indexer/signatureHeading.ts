import type { AnyNode, Element } from 'domhandler';
import {
  isBlockElement,
  isExcluded,
  normaliseSpace,
  textOf,
  withoutPermalinkMark,
} from './domText';

/**
 * Classes of the element that starts the name in an API entry's signature: Sphinx 4 and later
 * mark the qualifier `sig-prename` and the name `sig-name`, older versions `descclassname` and
 * `descname`.
 */
const NAME_START = /(?:^|\s)(?:sig-prename|sig-name|descclassname|descname)(?:\s|$)/;
/** The name itself, without its qualifier. */
const NAME = /(?:^|\s)(?:sig-name|descname)(?:\s|$)/;
/** What the entry is, before its name: `class`, `exception`, `coroutine`, `method`. */
const KIND = /(?:^|\s)property(?:\s|$)/;
/** Where a piece of a signature's text goes. */
type Role = 'kind' | 'lead' | 'main' | 'returns';
/** Sphinx's return annotation (`→ int`, `→ list[str]`). */
const RETURN_ANNOTATION = /(?:^|\s)sig-return(?:\s|$)/;

/** The heading of an API entry's term, and the words said of it outside its heading. */
export interface SignatureHeading {
  /** The name and parameters: `asyncio.Queue(maxsize=0)`, `Py_Is(PyObject *x, PyObject *y)`. */
  heading: string;
  /** What the entry is and returns: `class`, `coroutine`, `int`, `→ eventlist`. */
  aside: string;
  /** The name the signature marks (`Queue`, `Py_Is`, `--verbose`). */
  name: string;
}

/**
 * The heading of a Sphinx API entry's term without what comes before its name (the kind of
 * entry: `class`, `exception`, `coroutine`, `method`; in the C domain the return type) and
 * without its return annotation. Every class, exception or C function returning `PyObject *`
 * would otherwise carry that word in its heading, where it counts as much as the name and makes
 * a query for it (`PyObject`, `exception`) match hundreds of entries' headings. Those words are
 * given back as text of the section, unless they are part of a declaration around the name
 * (`typedef int (*initproc)(…)`). Undefined for a term whose name is not marked.
 */
export function signatureHeading(term: Element): SignatureHeading | undefined {
  const pieces: Record<Role, string[]> = { kind: [], lead: [], main: [], returns: [] };
  let named = false;
  let name: Element | undefined;
  const stack: Array<{ node: AnyNode; role: Role }> = [{ node: term, role: 'lead' }];
  while (stack.length > 0) {
    const { node, role: outer } = stack.pop() as { node: AnyNode; role: Role };
    if (node.type === 'text') {
      pieces[outer === 'lead' && named ? 'main' : outer].push(node.data);
      continue;
    }
    if (node.type !== 'tag' || isExcluded(node)) continue;
    const classes = node.attribs.class ?? '';
    if (!named && NAME_START.test(classes)) named = true;
    if (name === undefined && NAME.test(classes)) name = node;
    let role = outer === 'lead' && named ? 'main' : outer;
    if (role === 'lead' && KIND.test(classes)) role = 'kind';
    else if (role === 'main' && RETURN_ANNOTATION.test(classes)) role = 'returns';
    if (node !== term && isBlockElement(node.name)) pieces[role].push(' ');
    for (let k = node.children.length - 1; k >= 0; k--) {
      const child = node.children[k];
      if (child !== undefined) stack.push({ node: child, role });
    }
  }
  if (!named) return undefined;
  const lead = pieces.lead.join('');
  // The words before the name are its qualifier (`sqlalchemy.orm.Session.`, a link in
  // SQLAlchemy's pages) or a declaration around it, and stay; else they are a return type.
  const leadStays = /[.:]\s*$|[()[\]{}<>]/.test(lead);
  const heading = withoutPermalinkMark(
    normaliseSpace((leadStays ? lead : '') + pieces.main.join('')),
  );
  if (heading === '') return undefined;
  const aside = [...pieces.kind, ' ', leadStays ? '' : lead, ' ', ...pieces.returns];
  return {
    heading,
    aside: normaliseSpace(aside.join('')),
    name: name === undefined ? '' : textOf(name),
  };
}

/** DocBook's mark of a data type (`<type>`, written `<code class="type">`). */
const TYPE_CLASS = /(?:^|\s)type(?:\s|$)/;

/**
 * The heading of a definition term that names a setting and then its data type in parentheses,
 * as DocBook writes a variable list of parameters: `wal_keep_size (integer)`. The type goes to
 * the section's text, as a Sphinx entry's return annotation does: every integer parameter would
 * otherwise carry `integer` in its heading, and a heading naming the parameter alone says
 * nothing the query did not. Undefined for any other term.
 */
export function typedTermHeading(term: Element): SignatureHeading | undefined {
  let type: Element | undefined;
  const stack: AnyNode[] = [term];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type !== 'tag' || isExcluded(node)) continue;
    if (node !== term && TYPE_CLASS.test(node.attribs.class ?? '')) type = node;
    for (const child of node.children) stack.push(child);
  }
  if (type === undefined) return undefined;
  const text = withoutPermalinkMark(normaliseSpace(textOf(term)));
  const aside = normaliseSpace(textOf(type));
  const ending = `(${aside})`;
  if (aside === '' || !text.endsWith(ending)) return undefined;
  const heading = text.slice(0, -ending.length).trim();
  if (heading === '' || /[()]/.test(heading)) return undefined;
  return { heading, aside, name: heading };
}
