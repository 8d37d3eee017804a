// How the indexer reads a generator it was not written for: for each folder of HTML pages, how
// many pages it indexes, their sections, the pages whose indexed text is under half of all the
// text in their HTML (content lost: a main region chosen too narrowly), and the runs of six words
// said on 30 % of the pages or more (chrome indexed: navigation panels, footers), with the most
// common of them. Run it from a worktree of another commit to compare the two.
// Run: node --import tsx bench/search/extractionSurvey.ts DIR [DIR ...] [--runs 5]
// Folders seen in session 19 (Debian packages): /usr/share/doc/git-doc (AsciiDoc),
// /usr/share/doc/libgcrypt20-doc/html (Texinfo), /usr/share/doc/asciidoctor-doc/html (RDoc),
// /usr/share/doc/libjson-c-dev/html and /usr/share/doc/doxygen/html (Doxygen),
// /usr/share/doc/mkdocs/html (MkDocs), /usr/share/doc/libcommons-lang3-java/api (Javadoc).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { extractSections, listDocSetPages } from '@docs-portal/search';
import { numberOption } from './options';

/** Words in a run counted as possible chrome. */
const RUN = 6;
/** Share of the pages a run must be on to count. */
const COMMON = 0.3;

/** All text of a page outside `<head>`, scripts and styles: what a reader could see at most. */
function rawText(html: string): string {
  const parts: string[] = [];
  const stack: AnyNode[] = [parseDocument(html)];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type === 'text') parts.push(node.data);
    else if ('children' in node && !('name' in node && /^(?:head|script|style)$/.test(node.name))) {
      for (let k = node.children.length - 1; k >= 0; k--) stack.push(node.children[k] as AnyNode);
    }
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

async function survey(folder: string, shown: number): Promise<void> {
  // The pages a sync of the folder would index (no symbolic links, no Flare or Sphinx asset
  // folders), by their paths in the doc set.
  const files = await listDocSetPages(folder);
  let indexed = 0;
  let sections = 0;
  let thin = 0;
  const runs = new Map<string, number>();
  for (const file of files) {
    const html = readFileSync(join(folder, file), 'utf8');
    const page = extractSections(html, { path: file });
    if (!page.indexable || page.sections.length === 0) continue;
    indexed++;
    sections += page.sections.length;
    const text = page.sections.map((s) => `${s.heading} ${s.text}`).join(' ');
    const raw = rawText(html);
    if (raw.length > 500 && text.length < raw.length / 2) thin++;
    const words = text.split(/\s+/);
    const seen = new Set<string>();
    for (let i = 0; i + RUN <= words.length; i++) {
      const run = words.slice(i, i + RUN).join(' ');
      if (seen.has(run)) continue;
      seen.add(run);
      runs.set(run, (runs.get(run) ?? 0) + 1);
    }
  }
  const common = [...runs]
    .filter(([, pages]) => pages >= Math.max(5, indexed * COMMON))
    .sort((a, b) => b[1] - a[1]);
  console.log(
    `${folder}: ${files.length} files, ${indexed} indexed, ${sections} sections, ${thin} with under half their text, ${common.length} runs of ${RUN} words on >= ${COMMON * 100} % of pages`,
  );
  for (const [run, pages] of common.slice(0, shown)) console.log(`  ${pages} pages: ${run}`);
}

const folders = process.argv
  .slice(2)
  .filter((arg, i, all) => !arg.startsWith('--') && all[i - 1] !== '--runs');
if (folders.length === 0) throw new Error('name at least one folder of HTML pages');
for (const folder of folders) await survey(folder, numberOption('runs', 5));
