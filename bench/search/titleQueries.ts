import type { PageRecord } from '@docs-portal/search';
import type { BenchQuery } from './genindexQueries';

/**
 * The title as typed up to part of its last word (at least three letters kept, at least one
 * cut, closing punctuation dropped); undefined when the title does not end in a word of four
 * letters or more, since a cut number or short word ("Python 2.", "Ca") names no page in
 * particular.
 */
export function cutLastWord(title: string, random: () => number): string | undefined {
  const match = /(\p{L}{4,})[?!.)\]"”’]*$/u.exec(title);
  if (match === null) return undefined;
  const word = match[1] as string;
  const keep = 3 + Math.floor(random() * (word.length - 3));
  return title.slice(0, match.index) + word.slice(0, keep);
}

/**
 * Known-item queries from page titles: each page's own title, with the page as the one relevant
 * answer. Titles shared by several pages (case-insensitive) are left out, since no engine can
 * tell which one was meant, and so are titles without a letter or digit.
 */
export function titleQueries(records: readonly PageRecord[]): {
  queries: BenchQuery[];
  /** Pages left out because another page of the corpus has the same title. */
  shared: number;
} {
  const count = new Map<string, number>();
  const key = (title: string) => title.trim().toLowerCase();
  for (const r of records) count.set(key(r.title), (count.get(key(r.title)) ?? 0) + 1);
  const queries: BenchQuery[] = [];
  let shared = 0;
  for (const r of records) {
    const title = r.title.trim();
    if (title === '' || !/[\p{L}\p{N}]/u.test(title)) continue;
    if ((count.get(key(title)) ?? 0) > 1) shared++;
    else queries.push({ text: title, relevant: [r.path] });
  }
  return { queries, shared };
}
