import { tokenizeQueryWords } from '../text/tokenize';

/** Configured synonyms, normalised like queries: every member as its list of terms. */
export interface SynonymTable {
  /** Member (terms joined by a space) → indices of the groups it belongs to. */
  byMember: Map<string, number[]>;
  /** Groups of members; each member is a list of terms (`['high', 'availability']`). */
  groups: string[][][];
  /** Longest member, in words. */
  longest: number;
}

/**
 * Normalises configured synonym groups such as `[['k8s', 'kubernetes'], ['ha', 'high
 * availability']]`: members that normalise to nothing are dropped, and so are groups left
 * with fewer than two members.
 */
export function compileSynonyms(config: readonly (readonly string[])[] = []): SynonymTable {
  const byMember = new Map<string, number[]>();
  const groups: string[][][] = [];
  let longest = 0;
  for (const group of config) {
    const members = group
      .map((member) =>
        tokenizeQueryWords(member).map((word) => word.joined ?? word.parts.join(' ')),
      )
      .filter((terms) => terms.length > 0);
    if (members.length < 2) continue;
    const index = groups.length;
    groups.push(members);
    for (const member of members) {
      const key = member.join(' ');
      const list = byMember.get(key) ?? [];
      if (!list.includes(index)) list.push(index);
      byMember.set(key, list);
      longest = Math.max(longest, member.length);
    }
  }
  return { byMember, groups, longest };
}
