import { stemmer } from 'stemmer';

/**
 * English (Porter) stem of an index term. Identifiers and numbers keep their form: stemming
 * `os.path` or `utf8` would only merge unrelated names.
 */
export function stemTerm(term: string): string {
  if (term.length < 3 || !/^[a-z]+$/.test(term)) return term;
  return stemmer(term);
}

/**
 * True when `a` and `b` are one word in the singular and in the plural (`connection` and
 * `connections`, `index` and `indexes`): the same thing, where other forms sharing their stem
 * (`return` of `returning`, `connected` of `connection`) may name another.
 */
export function singularAndPlural(a: string, b: string): boolean {
  return a === `${b}s` || b === `${a}s` || a === `${b}es` || b === `${a}es`;
}
