import { WORD_PART_CLASS, WORD_PATTERN, WORD_START_CLASS } from '@docs-portal/contracts/text';
import type { AnyNode, Element } from 'domhandler';
import { prevElementSibling } from 'domutils';
import { tokenizeText } from '../text/tokenize';
import { isExcluded, normaliseSpace, textOf } from './domText';

/** Most definition terms kept per section (a reference table of thousands of rows stays bounded). */
export const MAX_DEFINITIONS = 500;
/** A defining element whose text is at most this many words is a definition as a whole. */
const WHOLE_WORDS = 4;
/** Longest definition kept as a whole, in characters. */
const WHOLE_LENGTH = 60;
/** An identifier: words joined by `.`, `-` or `::` (words as the index reads them). */
const IDENTIFIER = `${WORD_PATTERN}(?:(?:[.-]|::)${WORD_PATTERN})*`;
/** The identifier an element's text starts with (`exp`, `work_mem`, `os.path.join`, `ORA-00942`). */
const LEADING_IDENTIFIER = new RegExp(`^[^${WORD_START_CLASS}]{0,2}(${IDENTIFIER})`, 'u');
/** The name a signature defines: the identifier right before its first parenthesis. */
const SIGNATURE_NAME = new RegExp(`(${IDENTIFIER})\\s*\\(`, 'u');
/**
 * A text that starts with a signature: its name. Parameters follow the name (`degrees ( double
 * precision ) → …`), or, for a function called without them, the arrow to its result type
 * (`current_role → name`).
 */
const LEADING_SIGNATURE = new RegExp(`^(${IDENTIFIER})\\s*[(→]`, 'u');
/**
 * A name worth indexing: two letters in a row, or a letter with digits, an underscore or a
 * combining mark (`का`: a letter and its vowel sign).
 */
const NAME_LIKE = new RegExp(`\\p{L}[${WORD_PART_CLASS}]`, 'u');
/** Text that holds a word. */
const HAS_WORD = new RegExp(`[${WORD_START_CLASS}]`, 'u');

function cellsOf(row: Element): Element[] {
  return row.children.filter(
    (child): child is Element =>
      child.type === 'tag' && (child.name === 'td' || child.name === 'th'),
  );
}

/**
 * True for an element that names what its entry defines: a definition-list term (`<dt>`), or
 * the first cell of a table row that also has data cells (a row header `<th>` or the key
 * column of a reference table). Header rows of column labels ("Name", "Description") are not.
 */
export function isDefiningElement(element: Element): boolean {
  if (element.name === 'dt') {
    // Field lists (`Parameters`, `Returns`, `Author`) label an entry's parts; they define nothing.
    const list = element.parent;
    return !(list?.type === 'tag' && /\b(?:field-list|docinfo)\b/.test(list.attribs.class ?? ''));
  }
  const cells = rowCells(element);
  return (
    cells !== undefined &&
    cells[0] === element &&
    cells.some((cell) => cell.name === 'td' && cell !== element)
  );
}

/** The cells of the row a `<td>` or `<th>` is in, or undefined for any other element. */
function rowCells(element: Element): Element[] | undefined {
  if (element.name !== 'td' && element.name !== 'th') return undefined;
  const row = element.parent;
  return row?.type === 'tag' && row.name === 'tr' ? cellsOf(row) : undefined;
}

/**
 * True for the only cell of a table row: a function table that gives each function one cell,
 * its signature first and its description and example after (PostgreSQL's manual since
 * version 13). Such a cell defines only what its text starts with a signature of.
 */
export function isLoneCell(element: Element): boolean {
  return rowCells(element)?.length === 1;
}

/** Most words of a row's other cells beside a function's entry cell (see isEntryCell). */
const ENTRY_ASIDE_WORDS = 3;

/**
 * True for the cell of a table row that holds a function's entry: the only cell of its row (see
 * {@link isLoneCell}), or the first, when every other cell of the row is a short value beside it
 * (PostgreSQL's aggregate functions add a "Partial Mode" column of `Yes` and `No`).
 */
export function isEntryCell(element: Element): boolean {
  const cells = rowCells(element);
  return (
    cells !== undefined &&
    cells[0] === element &&
    cells.every((cell) => cell === element || textOf(cell).split(' ').length <= ENTRY_ASIDE_WORDS)
  );
}

/** True when the first words of an element sit inside a link: a reference to a definition elsewhere. */
function startsWithLink(element: Element): boolean {
  const stack: Array<{ node: AnyNode; linked: boolean }> = [{ node: element, linked: false }];
  while (stack.length > 0) {
    const { node, linked } = stack.pop() as { node: AnyNode; linked: boolean };
    if (node.type === 'text') {
      if (HAS_WORD.test(node.data)) return linked;
      continue;
    }
    if (node.type !== 'tag' || isExcluded(node)) continue;
    const isLink = linked || (node.name === 'a' && node.attribs.href !== undefined);
    for (let k = node.children.length - 1; k >= 0; k--) {
      const child = node.children[k];
      if (child !== undefined) stack.push({ node: child, linked: isLink });
    }
  }
  return false;
}

/**
 * What a defining element defines (`entry`: a definition term with an anchor, which heads a
 * section of its own): the name of a signature (`exp` of `exp ( numeric ) →
 * numeric`, `os.path.join` of `os.path.join(path, *paths)`), else its whole text when that is a
 * short name (`work_mem`, `virtual environment`), else the identifier its text starts with.
 * Undefined for labels (`Returns:`), numbers and single letters, and for entries that only
 * link to a definition elsewhere (an index or a summary table).
 */
export function definitionTerm(element: Element, entry = false): string | undefined {
  if (startsWithLink(element)) return undefined;
  return termOfText(normaliseSpace(textOf(element)), element.name === 'dt', entry);
}

/**
 * What an API entry's signature defines, from the name it marks (see signatureHeading): a type
 * linked before it (`PyObject *PyList_New(…)`) does not make the entry a reference to a
 * definition elsewhere, nor a return type (`int (*initproc)(…)`) the name.
 */
export function signatureTerm(name: string): string | undefined {
  return termOfText(normaliseSpace(name), true, true);
}

/** What a defining element's text defines (see {@link definitionTerm}). */
function termOfText(text: string, isTerm: boolean, entry: boolean): string | undefined {
  // A label (`Note:`, `Returns:`) introduces its entry rather than naming a thing.
  if (text === '' || text.endsWith(':')) return undefined;
  const signature = SIGNATURE_NAME.exec(text);
  // An API entry that defines its signature canonically has an anchor (and is a section of its
  // own, `entry`); one without is a repeat of a definition made elsewhere.
  if (isTerm && signature !== null && !entry) return undefined;
  let term: string | undefined;
  if (signature !== null && signature.index <= WHOLE_LENGTH) term = signature[1];
  else if (text.length <= WHOLE_LENGTH && text.split(' ').length <= WHOLE_WORDS) term = text;
  else term = LEADING_IDENTIFIER.exec(text)?.[1];
  return term !== undefined && NAME_LIKE.test(term) ? term : undefined;
}

/**
 * The name the only cell of a table row defines: the name of the signature its text starts
 * with (see {@link isLoneCell}), unless that is a link to a definition elsewhere.
 */
export function loneCellName(cell: Element): string | undefined {
  if (startsWithLink(cell)) return undefined;
  const name = LEADING_SIGNATURE.exec(normaliseSpace(textOf(cell)))?.[1];
  return name !== undefined && NAME_LIKE.test(name) ? name : undefined;
}

/** An identifier and nothing else (`PGHOST`, `work_mem`, `--verbose`). */
const WHOLE_IDENTIFIER = new RegExp(`^[^${WORD_START_CLASS}\\s]{0,2}${IDENTIFIER}$`, 'u');

/** Text that shows something. */
const HAS_SHOWN = /\S/u;

/**
 * The first node of an element that shows something: not blank text, not an empty anchor or
 * link target (`<span class="target" id="…">`).
 */
function firstShown(element: Element): AnyNode | undefined {
  return element.children.find((child) =>
    child.type === 'text'
      ? HAS_SHOWN.test(child.data)
      : child.type === 'tag' &&
        !isExcluded(child) &&
        !((child.name === 'a' || child.name === 'span') && textOf(child).trim() === ''),
  );
}

/**
 * The element an item's text starts with, when it is a `tag` (`code`, `strong`) holding one
 * name worth indexing, and that name.
 */
function leadingName(item: Element, tag: string): { element: Element; name: string } | undefined {
  let first = firstShown(item);
  // The item's text may sit in a paragraph of its own.
  if (first?.type === 'tag' && first.name === 'p') first = firstShown(first);
  if (first?.type !== 'tag' || first.name !== tag || startsWithLink(first)) return undefined;
  const name = normaliseSpace(textOf(first));
  return WHOLE_IDENTIFIER.test(name) && NAME_LIKE.test(name) ? { element: first, name } : undefined;
}

/** The name in code a list item starts with and goes on to describe, if it does. */
function describedName(item: Element): string | undefined {
  const leading = leadingName(item, 'code');
  if (leading === undefined) return undefined;
  const { element: first, name } = leading;
  const container = first.parent as Element;
  const after = container.children.slice(container.children.indexOf(first) + 1);
  return after.some((node) => HAS_WORD.test(textOf(node))) ? name : undefined;
}

/** Lists whose every item starts with a name it describes (see listItemName). */
const namedLists = new WeakMap<Element, boolean>();

/**
 * The name a list item defines: an item of a list whose every item starts with a name in code
 * and goes on to say what it is or does (`<li><code>PGHOST</code> behaves the same as the host
 * parameter</li>`: a list of environment variables or options). A list where only some items
 * start so (release notes: "`x` will be removed", "Support for … ") defines nothing, nor an item
 * that is only a name, or whose name is a link to a definition elsewhere.
 */
export function listItemName(item: Element): string | undefined {
  const list = item.parent;
  if (list?.type !== 'tag' || (list.name !== 'ul' && list.name !== 'ol')) return undefined;
  let named = namedLists.get(list);
  if (named === undefined) {
    const items = list.children.filter(
      (child): child is Element => child.type === 'tag' && child.name === 'li',
    );
    named = items.length >= 2 && items.every((each) => describedName(each) !== undefined);
    namedLists.set(list, named);
  }
  return named ? describedName(item) : undefined;
}

/** The label of a field list's field of parameters (`Parameters`, `Keyword Arguments`). */
const PARAMETER_FIELD = /\b(?:param|parameters|arguments?)\b/i;

/** The label of the field list's field a value (`<dd>`) belongs to, or undefined. */
function fieldLabel(value: AnyNode | null): string | undefined {
  if (value?.type !== 'tag' || value.name !== 'dd') return undefined;
  const list = value.parent;
  if (list?.type !== 'tag' || !/\bfield-list\b/.test(list.attribs.class ?? '')) return undefined;
  const label = prevElementSibling(value);
  return label?.name === 'dt' ? textOf(label) : undefined;
}

/**
 * The parameter an item of a Sphinx field list of parameters names, in bold at its start
 * (`<li><p><strong>echo</strong> – if True, the Engine will log…`, or the paragraph of a field
 * of one parameter): the entry the list is in defines it, as a table of options defines its
 * first column.
 */
export function parameterName(item: Element): string | undefined {
  // A field of one parameter holds a paragraph, not a list.
  const label = fieldLabel((item.name === 'p' ? item.parent : item.parent?.parent) ?? null);
  if (label === undefined || !PARAMETER_FIELD.test(label)) return undefined;
  return leadingName(item, 'strong')?.name;
}

/** Adds what an element defines to a section's definitions, when it defines something. */
export function collectDefinition(definitions: string[], element: Element): void {
  if (definitions.length >= MAX_DEFINITIONS) return;
  let term: string | undefined;
  if (isDefiningElement(element)) term = definitionTerm(element);
  else if (isLoneCell(element)) term = loneCellName(element);
  else if (element.name === 'li') term = listItemName(element) ?? parameterName(element);
  else if (element.name === 'p') term = parameterName(element);
  if (term !== undefined && !definitions.includes(term)) definitions.push(term);
}

/**
 * The index terms of what a section defines, each once: they count as heading words of the
 * section (in its term frequencies, not in its heading text or length), so a page that defines
 * `exp` in a table ranks above pages that mention `exp` in passing.
 */
export function definitionTermsOf(section: { definitions?: readonly string[] }): Set<string> {
  const terms = new Set<string>();
  for (const definition of section.definitions ?? []) {
    for (const token of tokenizeText(definition)) {
      if (token.joined || isWholeName(definition, token.start, token.end)) terms.add(token.term);
    }
    for (const term of qualifierTerms(definition)) terms.add(term);
  }
  return terms;
}

/**
 * The qualifiers of a dotted name, each as a whole (`io.iobase` of `io.IOBase.tell`): the index
 * holds a name's endings joined (`iobase.tell`), and a query naming the class whole should find
 * its members' entries as it finds the class's. None for a name of fewer than three parts.
 */
export function qualifierTerms(definition: string): string[] {
  const terms: string[] = [];
  if (definition.length > MAX_QUALIFIED || !DOTTED.test(definition)) return terms;
  for (let dot = definition.lastIndexOf('.'); dot > 0; dot = definition.lastIndexOf('.', dot - 1)) {
    const qualifier = definition.slice(0, dot);
    const whole = tokenizeText(qualifier).find((t) => t.joined && t.start === 0);
    if (whole !== undefined && whole.end === qualifier.length) terms.push(whole.term);
  }
  return terms;
}

/** Longest dotted definition whose qualifiers are counted whole (each is tokenised again). */
export const MAX_QUALIFIED = 200;
/** A dotted name of three parts or more (`io.IOBase.tell`). */
const DOTTED = /^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*){2,}$/u;

/** A letter, digit or combining mark: what a word is made of. */
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

/**
 * True when the character at `at` joins a word to the next or previous part of a compound
 * (`_` or `-` between word characters, or a word character right beside it: camelCase),
 * looking away from the word by `step`.
 */
function joinsCompound(text: string, at: number, step: number): boolean {
  const c = text.charAt(at);
  if (c === '') return false;
  if (WORD_CHAR.test(c)) return true;
  return (c === '_' || c === '-') && WORD_CHAR.test(text.charAt(at + step));
}

/**
 * True when `text[start, end)` is a name of its own in a definition: `join` of `os.path.join`,
 * `fake` of `--fake` or `virtual` of `virtual environment`, not `get` of `get_mut`, `keys` of
 * `IntoKeys` or `run` of `--dry-run`. A compound defines itself, not each of its parts: `get_mut`
 * defining `get` too would rank it with the entry named `get` for `get`.
 */
function isWholeName(text: string, start: number, end: number): boolean {
  return !joinsCompound(text, start - 1, -1) && !joinsCompound(text, end, 1);
}
