// Index build rate: pages/s of extraction alone (one thread) and of a full syncDocSet build
// (HTML parsing in worker threads, writes included) on the Python docs and on a synthetic Flare
// doc set. Run: node --import tsx bench/search/buildRate.ts [--pages 2000] [--threads 2]
import { readFileSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  createSearchEngine,
  extractSections,
  syncDocSet,
  type DocSetDescriptor,
} from '@docs-portal/search';
import { generateSyntheticDocSet } from '../corpus/generateSyntheticDocSet';
import { PYTHON_DOCS, ensurePythonDocs, listPythonPages } from './pythonCorpus';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const PAGES = option('pages', 2000);
const THREADS = option('threads', 2);
const rate = (pages: number, ms: number) => `${Math.round((pages * 1000) / ms)} pages/s`;

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

async function buildRate(name: string, folder: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'search-build-rate-'));
  const docSet: DocSetDescriptor = {
    id: name.toLowerCase(),
    title: name,
    product: 'Bench',
    version: '1',
    docType: 'Guide',
    urlPrefix: `/docs/${name.toLowerCase()}`,
    folder,
  };
  try {
    const engine = await createSearchEngine({ engine: 'sqlite', dataDir });
    const started = performance.now();
    const cpu = process.cpuUsage();
    const loop = performance.eventLoopUtilization();
    let mainReadMs = 0;
    let readMs = 0;
    let readCpuMs = 0;
    const result = await syncDocSet(engine, docSet, {
      threads: THREADS,
      onProgress(p) {
        if (p.phase === 'write' && readMs === 0) {
          readMs = performance.now() - started;
          const read = process.cpuUsage(cpu);
          readCpuMs = (read.user + read.system) / 1000;
          mainReadMs = performance.eventLoopUtilization(loop).active;
        }
      },
    });
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    console.log(
      `syncDocSet, ${THREADS} parse thread(s), ${name}: ${result.pages} pages in ${Math.round(ms)} ms = ${rate(result.pages, ms)}; read+parse ${Math.round(readMs)} ms = ${rate(result.pages, readMs)}; CPU of all threads ${Math.round(cpuMs)} ms, of read+parse ${Math.round(readCpuMs)} ms (main thread busy ${Math.round(mainReadMs)} ms) (${result.warnings.length} warnings, rss ${Math.round(process.memoryUsage().rss / 1048576)} MB)`,
    );
    await engine.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  ensurePythonDocs();
  if (!process.argv.includes('--no-extract')) extractRate();
  await buildRate('Python', PYTHON_DOCS);
  const folder = join(tmpdir(), `docs-portal-synthetic-${PAGES}`);
  if (!existsSync(join(folder, 'Data', 'Tocs', 'Toc.js'))) {
    await generateSyntheticDocSet({ outDir: folder, pages: PAGES, seed: 1 });
  }
  await buildRate(`Synthetic-${PAGES}`, folder);
}

await main();
