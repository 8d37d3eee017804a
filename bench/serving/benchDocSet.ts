import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where the measured page lives inside the benchmark doc set. */
export const BENCH_PAGE = 'Content/Protection/BenchTopic.htm';

const FALLBACK_WORDS =
  'protection job policy restore cluster replication cloud archive alert snapshot retention vault tenant node storage domain schedule backup recovery point object view share quota encryption key rotation audit log'.split(
    ' ',
  );

/** Paragraphs of the sample user guide, or generated ones when the samples are not there. */
function paragraphs(sampleDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.htm'))
        found.push(...(readFileSync(full, 'utf8').match(/<p>[\s\S]*?<\/p>/g) ?? []));
    }
  };
  if (existsSync(sampleDir)) walk(sampleDir);
  if (found.length >= 20) return found;
  // Deterministic filler with the vocabulary of the product.
  return Array.from({ length: 200 }, (_, i) => {
    const words = Array.from(
      { length: 28 },
      (_, j) => FALLBACK_WORDS[(i * 7 + j * 3) % FALLBACK_WORDS.length],
    );
    return `<p>${words.join(' ')}.</p>`;
  });
}

/**
 * Writes a small doc set for the throughput benchmark into a temporary folder: one topic page of
 * about `bytes` bytes in the shape of the sample guide (text taken from content/sample when it is
 * there), plus a default page. Returns the folder.
 */
export function writeBenchDocSet(repoRoot: string, bytes = 10 * 1024): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-docset-'));
  const source = paragraphs(path.join(repoRoot, 'content/sample/UserGuide-6.5/Content'));
  const head =
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Protection jobs in depth</title>' +
    '<link href="../../Skins/Default/Stylesheets/TextEffects.css" rel="stylesheet"></head>\n<body>' +
    '<div class="breadcrumbs">Protection &gt; Protection jobs in depth</div>\n<main role="main" id="mc-main-content">' +
    '<h1 id="protection-jobs-in-depth">Protection jobs in depth</h1>\n';
  const tail = '</main>\n</body></html>\n';
  let body = '';
  for (let i = 0; head.length + body.length + tail.length < bytes; i++) {
    if (i % 6 === 0) body += `<h2 id="section-${i}">Section ${i / 6 + 1}</h2>\n`;
    body += `${source[i % source.length]}\n`;
  }
  mkdirSync(path.join(folder, path.dirname(BENCH_PAGE)), { recursive: true });
  writeFileSync(path.join(folder, BENCH_PAGE), head + body + tail);
  writeFileSync(
    path.join(folder, 'Default.htm'),
    '<!DOCTYPE html><html><head><title>Bench</title></head><body>Bench</body></html>',
  );
  return folder;
}
