// Index build rate: pages/s of extraction alone (one thread) and of a full syncDocSets build
// (HTML parsing in worker threads, term analysis and writes included) on the Python docs and on
// a synthetic Flare doc set (the index written; loading and warming it for searches is timed apart), with the CPU time of the main thread and of the whole process (so a
// figure taken on a busy machine can still be read: see "CPU-bound rate"), the peak RSS, how long
// the event loop waited at most (what a request to the portal would wait during a sync), and
// the cost of handing extracted pages from a worker to the main thread.
// Run: node --import tsx bench/search/buildRate.ts [--pages 2000] [--threads N] [--no-extract]
//      [--corpus python|django|sqlalchemy|gnucash|scipy|pandas|synthetic|real]   (default: python
//      and synthetic; real: the four Debian corpora, one after the other) [--folder DIR]
// `--folder DIR` builds any folder of HTML pages instead (a generator's output the bench does
// not know, such as /usr/share/gimp/2.0/help/en from Debian's gimp-help-en).
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  analysePacked,
  analysePage,
  createSearchEngine,
  defaultParseThreads,
  extractSections,
  syncDocSets,
} from '@docs-portal/search';
import { syntheticCorpus } from '../corpus/syntheticCorpus';
import { corpusFolders } from './benchCorpora';
import { PYTHON_DOCS, ensurePythonDocs, listPythonPages } from './pythonCorpus';
import { type CorpusFolder, portalHtmlBytes } from './sphinxCorpus';
import { numberOption, option } from './options';

const PAGES = numberOption('pages', 2000);
/** Parse workers: `--threads N`, else the portal's default for the corpus's size (-1). */
const THREADS_OPTION = numberOption('threads', -1);
/** `--corpus NAME` builds that corpus alone (peak RSS is then that build's). */
const CORPUS = option('corpus', 'both');
const FOLDER = option('folder', '');
const rate = (pages: number, ms: number) => `${Math.round((pages * 1000) / ms)} pages/s`;

/** CPU milliseconds the main thread used so far (Linux: /proc), or NaN elsewhere. */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Peak RSS, sampled every 50 ms while a build runs. */
function watchRss(): () => number {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
}

/**
 * What handing a batch of extracted pages to the main thread costs (structured clone, as
 * postMessage does): the records with their analysis as typed arrays moved (transfer list), as
 * the workers send them, against the same analysis as an object graph (maps of term arrays).
 */
function cloneCost(): void {
  const records = listPythonPages()
    .slice(0, 160)
    .map((file) => {
      const raw = readFileSync(join(PYTHON_DOCS, file));
      const page = extractSections(file.endsWith('.gz') ? gunzipSync(raw) : raw, { path: file });
      const record = { ...page, path: `/${file}`, hash: '' };
      return { ...record, analysis: analysePacked(record) };
    });
  const time = (clone: () => void) => {
    clone();
    const started = performance.now();
    for (let k = 0; k < 5; k++) clone();
    return (performance.now() - started) / 5;
  };
  const packed = time(() => {
    const copies = records.map((r) => ({
      ...r,
      analysis: { ...r.analysis, data: r.analysis.data.slice() },
    }));
    structuredClone(copies, { transfer: copies.map((r) => r.analysis.data.buffer) });
  });
  const copyOnly = time(() => records.map((r) => r.analysis.data.slice()));
  const objects = records.map((r) => ({ ...r, analysis: analysePage(r) }));
  const graph = time(() => structuredClone(objects));
  const perPage = (ms: number) => `${((ms * 1000) / records.length).toFixed(0)} µs/page`;
  console.log(
    `structured clone of extracted Python pages (${records.length}): with the analysis as transferred typed arrays ${perPage(packed - copyOnly)}; as an object graph ${perPage(graph)}`,
  );
}

function extractRate(): void {
  const pages = listPythonPages().map((file) => {
    const raw = readFileSync(join(PYTHON_DOCS, file));
    return {
      path: `/${file.replace(/\.gz$/, '')}`,
      bytes: file.endsWith('.gz') ? gunzipSync(raw) : raw,
    };
  });
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (const page of pages) extractSections(page.bytes, { path: page.path });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const mb = pages.reduce((sum, p) => sum + p.bytes.length, 0) / 1024 / 1024;
  console.log(
    `extractSections, one thread, Python: ${pages.length} pages (${mb.toFixed(1)} MB) in ${Math.round(ms)} ms = ${rate(pages.length, ms)}; CPU ${Math.round(cpuMs)} ms = ${rate(pages.length, cpuMs)} of CPU`,
  );
}

async function buildRate(name: string, folders: readonly CorpusFolder[]): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'search-build-rate-'));
  const megabytes = (await portalHtmlBytes(folders)) / 1048576;
  try {
    const engine = await createSearchEngine({ engine: 'sqlite', dataDir });
    const peakRss = watchRss();
    const started = performance.now();
    const cpu = process.cpuUsage();
    const mainCpu = mainThreadCpuMs();
    const loop = performance.eventLoopUtilization();
    // How long a request to the portal would wait for the main thread during the build.
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    let mainReadMs = 0;
    let readMs = 0;
    let readCpuMs = 0;
    // All folders in one run with shared parse workers, as the portal syncs its doc sets.
    const synced = await syncDocSets(
      engine,
      folders.map(({ folder, rules }, i) => {
        const id = `${name.toLowerCase()}-${i}`;
        return {
          ...{ id, title: name, product: 'Bench', version: '1', docType: 'Guide' },
          ...{
            urlPrefix: `/docs/${id}`,
            folder,
            ...(rules === undefined ? {} : { extract: rules }),
          },
        };
      }),
      {
        ...(THREADS_OPTION >= 0 ? { threads: THREADS_OPTION } : {}),
        // The build ends with the index written; loading it for searches is timed apart.
        warm: false,
        onProgress(p) {
          if (p.phase === 'write' && readMs === 0) {
            readMs = performance.now() - started;
            const read = process.cpuUsage(cpu);
            readCpuMs = (read.user + read.system) / 1000;
            mainReadMs = performance.eventLoopUtilization(loop).active;
          }
        },
      },
    );
    const result = {
      pages: [...synced.values()].reduce((n, r) => n + r.pages, 0),
      warnings: [...synced.values()].flatMap((r) => r.warnings),
    };
    const ms = performance.now() - started;
    delay.disable();
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    const mainMs = mainThreadCpuMs() - mainCpu;
    const rss = peakRss();
    const warmStarted = performance.now();
    await engine.warm();
    const warmMs = performance.now() - warmStarted;
    // On a machine shared with other work, wall time stretches; the CPU each thread needed does
    // not (much): the build cannot go faster than its busiest thread, nor than all of its CPU
    // spread over the cores it has.
    const threads = THREADS_OPTION >= 0 ? THREADS_OPTION : defaultParseThreads(result.pages);
    const cores = Math.min(threads + 1, availableParallelism());
    const bound = Math.max(mainMs, cpuMs / cores);
    console.log(
      `syncDocSets, ${threads} parse thread(s), ${name}: ${result.pages} pages (${megabytes.toFixed(1)} MB of HTML) in ${Math.round(ms)} ms = ${rate(result.pages, ms)}, ${((megabytes * 1000) / ms).toFixed(1)} MB/s; first write after ${Math.round(readMs)} ms = ${rate(result.pages, readMs)}; CPU of all threads ${Math.round(cpuMs)} ms, of read+parse ${Math.round(readCpuMs)} ms (main thread busy ${Math.round(mainReadMs)} ms); main thread CPU ${Math.round(mainMs)} ms; CPU-bound rate on ${cores} cores ${rate(result.pages, bound)} (${result.warnings.length} warnings, peak rss ${Math.round(rss / 1048576)} MB); event loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, longest ${(delay.max / 1e6).toFixed(1)} ms; then ${Math.round(warmMs)} ms to load and warm the index for searches`,
    );
    await engine.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  ensurePythonDocs();
  if (!process.argv.includes('--no-extract')) {
    extractRate();
    cloneCost();
  }
  const real = ['python', 'django', 'sqlalchemy', 'gnucash'];
  if (FOLDER !== '') {
    await buildRate(FOLDER, [{ folder: FOLDER }]);
    return;
  }
  const names = CORPUS === 'real' ? real : CORPUS === 'both' ? ['python', 'synthetic'] : [CORPUS];
  for (const name of names) {
    if (name === 'synthetic') {
      await buildRate(`Synthetic-${PAGES}`, [{ folder: await syntheticCorpus(PAGES) }]);
    } else await buildRate(name, corpusFolders(name));
  }
}

await main();
