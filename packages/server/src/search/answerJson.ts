/** The JSON of each object-valued part of an answer, by the part itself (see {@link answerJson}). */
const partJson = new WeakMap<object, string>();

/**
 * `JSON.stringify(answer)`, byte for byte, for the search routes' answers: each object-valued
 * property of the answer (the hits, the facets, the suggestions) is serialised once and its JSON
 * kept beside it. The engine shares answers between callers and never changes them (a cached
 * search answer is a copy with its own `tookMs` and the same hits), so the JSON of a part seen
 * before is still its JSON; serialising the hits was the largest cost of a cached search.
 */
export function answerJson(answer: unknown): string {
  if (
    answer === null ||
    typeof answer !== 'object' ||
    Array.isArray(answer) ||
    'toJSON' in answer
  ) {
    return JSON.stringify(answer);
  }
  let json = '';
  for (const [key, value] of Object.entries(answer)) {
    let part: string | undefined;
    if (value !== null && typeof value === 'object') {
      part = partJson.get(value as object);
      if (part === undefined) {
        part = JSON.stringify(value);
        partJson.set(value as object, part);
      }
    } else {
      // undefined for what JSON leaves out (undefined, functions, symbols), as JSON.stringify does.
      part = JSON.stringify(value) as string | undefined;
    }
    if (part !== undefined) json += `${json === '' ? '{' : ','}${JSON.stringify(key)}:${part}`;
  }
  return json === '' ? '{}' : `${json}}`;
}
