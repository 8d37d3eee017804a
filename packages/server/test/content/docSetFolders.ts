import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Writes `files` (relative path -> contents) into a new temporary folder and returns it. */
export function writeFolder(files: Record<string, string | Buffer>, prefix = 'docset-'): string {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  for (const [relative, data] of Object.entries(files)) {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, data);
  }
  return root;
}

/** A topic page of about `bytes` bytes whose every paragraph names `marker`. */
export function topicPage(title: string, marker: string, bytes = 10_000): string {
  const paragraphs: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const p = `<p>${marker}: step ${i} of the protection job checks the policy, the retention and the replication target before the next run.</p>`;
    paragraphs.push(p);
    length += p.length;
  }
  return `<!DOCTYPE html><html><head><title>${title}</title><link rel="stylesheet" href="../Skins/site.css"></head><body><main role="main"><h1 id="top">${title}</h1>${paragraphs.join('\n')}</main></body></html>`;
}

/**
 * The files of a small Flare-like doc set, every file marked with `version` throughout: a ~10 KB
 * page, a stylesheet, a table of contents script, a ~600 KB data file (too large for the memory
 * cache, so it is streamed), a PNG, a small text file and a default page.
 */
export function versionedSite(version: string): Record<string, string | Buffer> {
  const big = `/* ${version} */\n`.repeat(Math.ceil((600 * 1024) / `/* ${version} */\n`.length));
  return {
    'Default.htm': `<!DOCTYPE html><html><head><title>Home</title></head><body><h1>Home ${version}</h1></body></html>`,
    'Content/Jobs/CreateJob.htm': topicPage('Create a protection job', version),
    'Content/Guide Topics/Über Restore.htm': topicPage('Restore a VM', version, 3000),
    'Content/Default.htm': topicPage('Contents', version, 2000),
    'Skins/site.css': `/* ${version} */\n${'body { margin: 0; color: #222; } main { max-width: 60rem; }\n'.repeat(40)}`,
    'Data/Toc.js': `define({ version: '${version}', numchunks: 1, prefix: 'Toc_Chunk' }); // ${'x'.repeat(2000)}`,
    'Data/Big.js': big,
    'Resources/Images/diagram.png': Buffer.concat([
      Buffer.from('89504e470d0a1a0a', 'hex'),
      Buffer.from(version.repeat(200)),
    ]),
    'Content/notes.txt': `${version} short`,
    'Content/data.json': JSON.stringify({ version }),
    'Resources/fonts/Body.woff2': Buffer.from(`wOF2${version}`),
  };
}

/** A doc set `guide` mounted at `{basePath}/Guide/`, open to every reader, served from `folder`. */
export function guideDocSet(folder: string) {
  return {
    id: 'guide',
    mount: 'Guide',
    folder,
    title: 'Guide',
    product: 'Data Platform',
    version: '7.0',
    docType: 'User Guide',
  };
}
