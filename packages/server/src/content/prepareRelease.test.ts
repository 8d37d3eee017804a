import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { highlighterScriptTag, injectHighlighter, prepareRelease } from './prepareRelease';
import { DEFAULT_PUBLISH_LIMITS, PublishBudget } from './PublishBudget';
import { MANIFEST_FILE, type ReleaseManifest } from './ReleaseStore';

const TAG = '<script src="/docs/search-client/highlight.js" defer></script>';
const META = { docSetId: 'guide', release: 1, source: '/src/guide' };
const filler = (n: number) => `<p>${'Backups keep your data safe. '.repeat(n)}</p>`;

describe('prepareRelease: the doc-page highlighter', () => {
  let root: string;
  beforeEach(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'release-'));
    await mkdir(path.join(root, 'Content'), { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const write = (relative: string, text: string | Buffer) => {
    writeFileSync(path.join(root, relative), text);
    utimesSync(path.join(root, relative), new Date('2024-01-01'), new Date('2024-01-02'));
  };
  const read = (relative: string) => readFileSync(path.join(root, relative), 'utf8');
  const prepare = (basePath?: string) =>
    prepareRelease(root, META, new PublishBudget(DEFAULT_PUBLISH_LIMITS), { basePath });

  it('adds the script before </body> of every page, before compressing and digesting', async () => {
    write('Content/a.htm', `<html><body>${filler(80)}</BODY></html>`);
    write('Content/b.HTML', '<html><body><p>short</p></body></html>');
    write('Content/style.css', `body { color: red; }\n${'/* </body> */\n'.repeat(100)}`);
    await prepare('/docs');
    const page = read('Content/a.htm');
    expect(page.endsWith(`${TAG}\n</BODY></html>`)).toBe(true);
    expect(read('Content/b.HTML')).toBe(`<html><body><p>short</p>${TAG}\n</body></html>`);
    expect(read('Content/style.css')).not.toContain('highlight.js');
    expect(gunzipSync(readFileSync(path.join(root, 'Content/a.htm.gz'))).toString('utf8')).toBe(
      page,
    );
    const manifest = JSON.parse(read(MANIFEST_FILE)) as ReleaseManifest;
    expect(Object.keys(manifest.digests)).toContain('Content/a.htm');
    expect(statSync(path.join(root, 'Content/a.htm')).mtime.toISOString()).toBe(
      '2024-01-02T00:00:00.000Z',
    );
  });

  it('counts the bytes of the pages as published', async () => {
    const page = '<html><body><p>x</p></body></html>';
    write('Content/a.htm', page);
    const prepared = await prepare('/docs');
    expect(prepared.totalBytes).toBe(page.length + TAG.length + 1);
  });

  it('adds the script at the end of a page without </body>', async () => {
    write('Content/frag.htm', '<p>fragment</p>');
    await prepare('/docs');
    expect(read('Content/frag.htm')).toBe(`<p>fragment</p>\n${TAG}\n`);
  });

  it('leaves pages alone when no base path is given', async () => {
    write('Content/a.htm', '<html><body>x</body></html>');
    await prepare();
    expect(read('Content/a.htm')).toBe('<html><body>x</body></html>');
  });

  it('uses the configured base path', async () => {
    write('Content/a.htm', '<body></body>');
    await prepare('/help/portal');
    expect(read('Content/a.htm')).toContain(
      '<script src="/help/portal/search-client/highlight.js" defer></script>',
    );
  });
});

describe('injectHighlighter', () => {
  it('keeps the bytes of pages in other encodings', () => {
    const latin1 = Buffer.from([0x3c, 0x70, 0x3e, 0xe9, 0x3c, 0x2f, 0x62, 0x6f, 0x64, 0x79, 0x3e]);
    const out = injectHighlighter(latin1, TAG);
    expect(out.subarray(0, 4)).toEqual(latin1.subarray(0, 4));
    expect(out.subarray(-7).toString('latin1')).toBe('</body>');
  });

  it('leaves UTF-16 pages and pages that already load it unchanged', () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('<body></body>', 'utf16le'),
    ]);
    expect(injectHighlighter(utf16, TAG)).toBe(utf16);
    const done = Buffer.from(`<body>${TAG}</body>`);
    expect(injectHighlighter(done, TAG)).toBe(done);
  });

  it('writes a tag with the base path encoded', () => {
    expect(highlighterScriptTag('/docs/')).toBe(TAG);
  });
});
