// What a parse worker does to each page (read, hash, parse, extract, split into terms), run in
// this one thread over every page of the real corpora, round after round: pages/s and MB/s per
// round (the first pays for compiling the code), and with --digest a SHA-256 of every outcome
// (records, warnings and term analysis), so a change meant to be faster can show it extracts
// exactly what it did before.
// With --markers DIR the last round is measured in instructions under callgrind (immune to the
// machine's load): before it the script writes DIR/ready and waits for DIR/go, after it writes
// DIR/done and waits for DIR/end, and a driver zeroes and dumps callgrind's counts in between:
//   valgrind --tool=callgrind --callgrind-out-file=cg.out node --import tsx \
//     bench/search/extractCost.ts --corpus django --pages 120 --rounds 3 --markers $DIR &
//   while [ ! -e $DIR/ready ]; do sleep 1; done; callgrind_control -z $!; touch $DIR/go
//   while [ ! -e $DIR/done ]; do sleep 1; done; callgrind_control -d $!; touch $DIR/end
// Read the main thread's count (inclusive count of `__libc_start_main` in callgrind_annotate's
// --inclusive=yes output), not the total: V8's compiler threads vary from run to run.
// Run: node --import tsx bench/search/extractCost.ts [--corpus gnucash,django,sqlalchemy,python]
//      [--rounds 3] [--pages N] [--digest] [--cpu-profile FILE] [--markers DIR] [--folder DIR]
//      [--no-analyse]
// `--folder DIR` measures any folder of HTML pages instead of the corpora; `--no-analyse` leaves
// out the split into terms, as a lone parse worker does (the indexing thread does it then).
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import {
  extractBatch,
  extractionRulesKey,
  listDocSetPages,
  PageHierarchy,
  readFlareTocBreadcrumbs,
} from '@docs-portal/search';
import { corpusFolders } from './benchCorpora';
import { handOver } from './callgrindMarkers';
import { portalHtmlBytes } from './sphinxCorpus';
import { option } from './options';

const FOLDER = option('folder');
const CORPORA =
  FOLDER === undefined
    ? (option('corpus') ?? 'gnucash,django,sqlalchemy,python').split(',')
    : [FOLDER];
const ANALYSE = !process.argv.includes('--no-analyse');
const ROUNDS = Number(option('rounds') ?? 3);
const DIGEST = process.argv.includes('--digest');
const PROFILE = option('cpu-profile');
/** `--pages N`: N pages of each corpus, spread evenly over its page list (default: all). */
const PAGES = Number(option('pages') ?? Number.POSITIVE_INFINITY);
const MARKERS = option('markers');
const BATCH = 16;

/** Every `paths.length / count`-th path: a sample spread over the whole doc set. */
function spread(paths: string[], count: number): string[] {
  if (count >= paths.length) return paths;
  const stride = paths.length / count;
  return Array.from({ length: count }, (_, i) => paths[Math.floor(i * stride)] as string);
}

/** Typed arrays as plain arrays, so the digest covers their values. */
const plain = (_key: string, value: unknown) =>
  ArrayBuffer.isView(value) ? Array.from(value as Int32Array) : value;

async function main(): Promise<void> {
  const session = PROFILE === undefined ? undefined : new Session();
  if (session !== undefined) {
    session.connect();
    await session.post('Profiler.enable');
  }
  for (const name of CORPORA) {
    const folders =
      FOLDER === undefined ? corpusFolders(name) : [{ folder: FOLDER, rules: undefined }];
    const megabytes = (await portalHtmlBytes(folders)) / 1048576;
    let pageCount = 0;
    for (const { folder } of folders) pageCount += (await listDocSetPages(folder)).length;
    const jobs = await Promise.all(
      folders.map(async ({ folder, rules }) => {
        const all = await listDocSetPages(folder);
        const paths = spread(all, Math.ceil((PAGES * all.length) / pageCount));
        const toc = await readFlareTocBreadcrumbs(folder);
        return { folder, rules, paths, toc };
      }),
    );
    for (let round = 1; round <= ROUNDS; round++) {
      if (session !== undefined && round === ROUNDS) await session.post('Profiler.start');
      if (round === ROUNDS) await handOver(MARKERS, 'ready', 'go');
      const digest = createHash('sha256');
      let pages = 0;
      const started = performance.now();
      for (const { folder, rules, paths, toc } of jobs) {
        const hierarchy = new PageHierarchy(
          folder,
          new Set(paths.filter((path) => !toc.byPath.has(path))),
        );
        for (let at = 0; at < paths.length; at += BATCH) {
          const tasks = paths.slice(at, at + BATCH).map((path) => {
            const breadcrumb = toc.byPath.get(path);
            return { path, ...(breadcrumb === undefined ? {} : { breadcrumb }) };
          });
          const outcomes = extractBatch(
            {
              folder,
              tasks,
              rulesKey: extractionRulesKey(rules),
              hierarchy: 0,
              ...(ANALYSE ? {} : { analyse: false }),
              ...(rules === undefined ? {} : { rules }),
            },
            hierarchy,
          );
          for (const outcome of outcomes) {
            pages++;
            if (DIGEST) digest.update(JSON.stringify(outcome, plain));
          }
        }
      }
      const ms = performance.now() - started;
      if (round === ROUNDS) await handOver(MARKERS, 'done', 'end');
      if (session !== undefined && round === ROUNDS) {
        const { profile } = await session.post('Profiler.stop');
        writeFileSync(PROFILE as string, JSON.stringify(profile));
      }
      console.log(
        `${name}, round ${round}: ${pages} pages in ${Math.round(ms)} ms = ${Math.round((pages * 1000) / ms)} pages/s` +
          (Number.isFinite(PAGES) ? '' : `, ${((megabytes * 1000) / ms).toFixed(1)} MiB/s`) +
          (DIGEST ? `; digest ${digest.digest('hex')}` : ''),
      );
    }
  }
  session?.disconnect();
}

await main();
