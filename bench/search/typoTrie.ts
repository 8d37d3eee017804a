// The typo look-up alone: every word of the Python library reference (python3-doc) in one
// TermTrie, then 3,000 of them with one character changed looked up within the edits a query
// word of that length is allowed (1, or 2 from 8 characters), three rounds in one process. The
// digest covers every term found, its distance and the order found, so two trees can be shown
// to find the same terms. Run: node --import tsx bench/search/typoTrie.ts
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { TermTrie } from '@docs-portal/search';
import { ensurePythonDocs, PYTHON_DOCS } from './pythonCorpus';
import { seededRandom } from './genindexQueries';

ensurePythonDocs();
const root = join(PYTHON_DOCS, 'library');
const words = new Set<string>();
for (const file of readdirSync(root)) {
  const path = join(root, file);
  if (!file.endsWith('.html') || !statSync(path).isFile()) continue;
  const text = readFileSync(path, 'utf8').toLowerCase();
  for (const word of text.match(/[a-z_][a-z0-9_]{1,30}/g) ?? []) words.add(word);
}
const terms = [...words].sort();
const trie = new TermTrie(terms);
const random = seededRandom(7);
const queries = Array.from({ length: 3000 }, () => {
  const term = terms[Math.floor(random() * terms.length)] as string;
  const at = Math.floor(random() * term.length);
  return term.length > 3 ? `${term.slice(0, at)}x${term.slice(at + 1)}` : term;
});
for (const round of [1, 2, 3]) {
  let digest = 0;
  let found = 0;
  const started = performance.now();
  for (const q of queries) {
    trie.within(q, q.length >= 8 ? 2 : 1, (index, distance) => {
      digest = (digest * 31 + index * 7 + distance) | 0;
      found++;
    });
  }
  const ms = performance.now() - started;
  console.log(
    `round ${round}: ${terms.length} terms, ${queries.length} words, ${found} found, ` +
      `${ms.toFixed(1)} ms (${((1000 * ms) / queries.length).toFixed(1)} µs a word), digest ${digest}`,
  );
}
