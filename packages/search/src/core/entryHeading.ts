import { MAX_QUALIFIED, qualifierTerms } from '../indexer/definitionTerms';

/**
 * A signature heading: a name right before its parameters in parentheses (`capacity(&self)`,
 * `os.path.join(path, *paths)`), generics between them (`wait_timeout<'a, T>(&self, ...)`).
 * Its heading words are the name's alone, and its generics and parameters are the first words of
 * its text: the entry named as the query then says it exactly in its heading, above one that
 * only takes it as a parameter (`with_capacity(capacity: usize)`).
 */
const SIGNATURE = /^([^\s()<>]+)((?:<[^()]*>)?\(.*\))$/s;

/**
 * A program option's heading: its flag, then what it takes (`-w <seconds>`, `-W arg`,
 * `--wait=SECONDS`). Read as the flag; what it takes is text, as a signature's parameters are.
 */
const OPTION = /^(-{1,2}[^\s<[=,]+)[\s=]*(.*)$/s;

/** A comma before the next flag of an option (`-v, --verbose`). */
const FLAGS = /,\s*(?=-)/;

/** What joins an entry's names when its definition list gives it several (see extractSections). */
const ALTERNATIVES = ' / ';

/** A letter, a digit or `_`: a name goes on where one follows. */
export const NAME_CHAR = /[\p{L}\p{N}_]/u;

/** True when `text` starts with `name` as a whole name (`glob —`, not `globbing`). */
function startsWithName(text: string, name: string): boolean {
  if (name === '' || !text.startsWith(name)) return false;
  const next = text.charAt(name.length);
  return next === '' || !NAME_CHAR.test(next);
}

/** True when `text` ends with `name` after a dot (`datetime.date.today`, `date.today`). */
function endsWithName(text: string, name: string): boolean {
  return (
    name !== '' &&
    text.length > name.length &&
    text.endsWith(name) &&
    text.charAt(text.length - name.length - 1) === '.'
  );
}

/** How a section's heading is read into the heading field. */
export interface HeadingReading {
  /**
   * The names it says, each read at the same positions as the others: an entry's names are one
   * thing (`-w / --wait`, `get / get_nowait`), and its heading says the query exactly where one
   * of them does.
   */
  names: string[];
  /** Terms read at its first position besides: the qualifiers of its name, whole (`io.iobase`). */
  qualifiers: string[];
  /** What the heading says after its names (parameters, what an option takes): text. */
  aside: string;
}

/**
 * The qualifier an entry's name has and its heading leaves out: Sphinx heads a method inside its
 * class's entry `get([block[, timeout]])` and a program's option `-l`, while the name they define
 * is `multiprocessing.Queue.get` and `tarfile -l` (see qualifiedName in extractSections): their
 * qualifiers are `multiprocessing.Queue.` and `tarfile `. Empty when the heading says the name
 * as defined, or names a qualifier of its own: Django's `Form.add_error` says what its reader
 * is shown, and the query `add_error Form method` says it exactly.
 */
export function leftOutQualifier(name: string, definition: string): string {
  if (definition.length <= name.length || definition.length > MAX_QUALIFIED) return '';
  for (let at = 0; at < definition.length; at++) {
    const c = definition.charCodeAt(at);
    // . or space
    if (c !== 0x2e && c !== 0x20) continue;
    const ending = definition.slice(at + 1);
    if (!startsWithName(name, ending)) continue;
    return ending.includes('.') ? '' : definition.slice(0, at + 1);
  }
  return '';
}

/**
 * The heading a section is read with: its own, or for the page top, which has none (the title
 * heads it), the name it defines when the title starts with that name (`glob` of "glob — Unix
 * style pathname pattern expansion", Sphinx's module page): the top says the module's name as
 * exactly as a function's entry headed `glob.glob` does, and more of `glob module`.
 */
export function sectionHeading(
  section: { heading: string; definitions?: readonly string[] },
  title: string,
): string {
  const definition = section.definitions?.[0];
  return section.heading === '' && definition !== undefined && startsWithName(title, definition)
    ? definition
    : section.heading;
}

/**
 * How a heading is read into the heading field: a signature by its name, an entry's option by
 * its flag, an entry's several names each as an alternative of the others, and an entry's name
 * with the qualifier its heading leaves out (the member's heading then says its class as the
 * class's heading does, and more: the member, not its class, is the entry for
 * `get multiprocessing.Queue method`). An entry is a section defining a name (`definition`, the
 * first it defines); any other heading is read as a whole, but for its signature.
 */
export function readHeading(heading: string, definition?: string): HeadingReading {
  if (definition === undefined) {
    const signature = SIGNATURE.exec(heading);
    return signature === null
      ? { names: [heading], qualifiers: [], aside: '' }
      : { names: [signature[1] as string], qualifiers: [], aside: signature[2] as string };
  }
  const names: string[] = [];
  const asides: string[] = [];
  const parts = heading.includes(ALTERNATIVES) ? heading.split(ALTERNATIVES) : [heading];
  // Flags of one option in one term (`-v, --verbose`) are alternatives too.
  for (const part of parts.flatMap((each) => (each.startsWith('-') ? each.split(FLAGS) : each))) {
    // Only a part with a parenthesis can be a signature, only one starting with `-` an option.
    const split =
      (part.includes('(') ? SIGNATURE.exec(part) : null) ??
      (part.startsWith('-') ? OPTION.exec(part) : null);
    names.push(split === null ? part : (split[1] as string));
    if (split !== null && split[2] !== '') asides.push(split[2] as string);
  }
  const qualifier = leftOutQualifier(names[0] as string, definition);
  if (qualifier !== '') {
    for (let k = 0; k < names.length; k++) {
      const name = names[k] as string;
      if (k === 0 || !name.includes('.')) names[k] = qualifier + name;
    }
  }
  // A heading that starts with the name qualified (`sqlalchemy.engine.URL.query Mapping[str,
  // str]`), or names a qualifier of its own (`date.today` of `datetime.date.today`), says its
  // class as much as one that leaves the qualifier out.
  const first = names[0] as string;
  const qualified =
    qualifier !== '' || startsWithName(first, definition) || endsWithName(definition, first);
  return {
    names,
    qualifiers: qualified ? qualifierTerms(definition) : [],
    aside: asides.join(' '),
  };
}
