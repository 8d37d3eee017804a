import type { FieldTokens } from '../core/sectionTokens';

/** Farthest two query words may be apart (in words) and still count as near each other. */
const WINDOW = 6;

/** What proximity scoring needs to know about the query. */
export interface ProximityQuery {
  /** Number of groups. */
  groups: number;
  /** Term id → the groups it stands for (in query order). */
  termGroups: ReadonlyMap<number, readonly number[]>;
  /** Weight of each group (its inverse document frequency; small for stop words). */
  groupWeights: readonly number[];
  /** Groups that count for an exact title or heading. */
  contentGroups: readonly number[];
}

/** Positions of each group's terms in one field. */
function positionsByGroup(field: FieldTokens, query: ProximityQuery): number[][] {
  const out: number[][] = [];
  for (let g = 0; g < query.groups; g++) out.push([]);
  for (let i = 0; i < field.terms.length; i++) {
    const groups = query.termGroups.get(field.terms[i] as number);
    if (groups === undefined) continue;
    for (const g of groups) (out[g] as number[]).push(field.positions[i] as number);
  }
  return out;
}

/** Best closeness (1 for adjacent in order) of any occurrence of `a` followed by `b`. */
function closeness(a: readonly number[], b: readonly number[]): number {
  let best = 0;
  let j = 0;
  for (const p of a) {
    while (j < b.length && (b[j] as number) < p - WINDOW) j++;
    for (let k = j; k < b.length && (b[k] as number) <= p + WINDOW; k++) {
      const d = (b[k] as number) - p;
      if (d === 0) continue;
      const value = d > 0 ? 1 / d : 0.5 / -d;
      if (value > best) best = value;
    }
  }
  return best;
}

/**
 * Proximity evidence of one section: for each pair of neighbouring query words, how close they
 * appear in the same field (weighted by the field and the words), and whether the title or
 * heading holds exactly the query's words and nothing else. Stop words take part here only.
 */
export function proximityScore(
  fields: readonly FieldTokens[],
  query: ProximityQuery,
  fieldWeights: readonly number[],
  isStopTerm: (termId: number) => boolean,
): { proximity: number; exactFields: number[] } {
  const groups = query.groups;
  const pairBest = new Array<number>(Math.max(0, groups - 1)).fill(0);
  const exactFields: number[] = [];
  fields.forEach((field, f) => {
    if (field.terms.length === 0) return;
    const positions = positionsByGroup(field, query);
    const weight = fieldWeights[f] ?? 1;
    for (let g = 0; g + 1 < groups; g++) {
      const a = positions[g] as number[];
      const b = positions[g + 1] as number[];
      if (a.length === 0 || b.length === 0) continue;
      const value = closeness(a, b) * weight;
      if (value > (pairBest[g] as number)) pairBest[g] = value;
    }
    // Exact field: every content word of the field is a query word and vice versa (f < 2:
    // title and heading only).
    if (f < 2 && query.contentGroups.length > 0) {
      const covered = query.contentGroups.every((g) => (positions[g] as number[]).length > 0);
      if (covered) {
        let extra = 0;
        const seen = new Set<number>();
        for (let i = 0; i < field.terms.length; i++) {
          const term = field.terms[i] as number;
          const position = field.positions[i] as number;
          if (seen.has(position)) continue;
          const matched = query.termGroups.has(term);
          if (matched) seen.add(position);
        }
        for (let i = 0; i < field.terms.length; i++) {
          const position = field.positions[i] as number;
          if (!seen.has(position) && !isStopTerm(field.terms[i] as number)) {
            extra++;
            seen.add(position);
          }
        }
        if (extra === 0) exactFields.push(f);
      }
    }
  });
  let proximity = 0;
  pairBest.forEach((value, g) => {
    const w = Math.min(query.groupWeights[g] ?? 0, query.groupWeights[g + 1] ?? 0);
    proximity += value * w;
  });
  return { proximity, exactFields };
}
