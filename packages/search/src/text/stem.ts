import { stemmer } from 'stemmer';

/**
 * English (Porter) stem of an index term. Identifiers and numbers keep their form: stemming
 * `os.path` or `utf8` would only merge unrelated names.
 */
export function stemTerm(term: string): string {
  if (term.length < 3 || !/^[a-z]+$/.test(term)) return term;
  return stemmer(term);
}
