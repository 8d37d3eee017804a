import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../../test/fixtures';
import { normaliseTocPath, readFlareTocBreadcrumbs } from './readFlareTocBreadcrumbs';

describe('readFlareTocBreadcrumbs', () => {
  it('rebuilds each page trail from the tree and the chunk titles', async () => {
    const toc = await readFlareTocBreadcrumbs(join(FIXTURES, 'flare'));
    expect(toc.problems).toEqual([]);
    expect(toc.byPath.get('/Content/Overview.htm')).toEqual([]);
    expect(toc.byPath.get('/Content/Admin/Users.htm')).toEqual(['Platform Overview']);
    expect(toc.byPath.has('/Content/Guides/Not_In_Toc.htm')).toBe(false);
  });

  it('reads several TOC files and chunks, first TOC first, and reports broken ones', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'toc-'));
    const tocs = join(folder, 'Data', 'Tocs');
    mkdirSync(tocs, { recursive: true });
    writeFileSync(
      join(tocs, 'Toc.js'),
      "define({numchunks:2,prefix:'Toc_Chunk',chunkstart:['/A.htm','/C.htm'],tree:{n:[{i:0,c:0,n:[{i:1,c:0,n:[{i:2,c:1}]}]}]}});",
    );
    writeFileSync(
      join(tocs, 'Toc_Chunk0.js'),
      "define({'/A.htm':{i:[0],t:['Alpha'],b:['']},'/B%20B.htm':{i:[1],t:['Beta'],b:['']}});",
    );
    writeFileSync(join(tocs, 'Toc_Chunk1.js'), "define({'/C.htm':{i:[2],t:['Gamma'],b:['']}});");
    writeFileSync(
      join(tocs, 'Other.js'),
      "define({numchunks:1,prefix:'Other_Chunk',tree:{n:[{i:0,c:0,n:[{i:1,c:0}]}]}});",
    );
    writeFileSync(
      join(tocs, 'Other_Chunk0.js'),
      "define({'/Z.htm':{i:[0],t:['Zed']}, '/C.htm':{i:[1],t:['Other C']}});",
    );
    writeFileSync(join(tocs, 'Broken.js'), 'define({tree: alert(1)});');
    const toc = await readFlareTocBreadcrumbs(folder);
    expect(toc.byPath.get('/C.htm')).toEqual(['Alpha', 'Beta']);
    expect(toc.byPath.get('/B B.htm')).toEqual(['Alpha']);
    expect(toc.byPath.get('/Z.htm')).toEqual([]);
    expect(toc.problems.join('\n')).toMatch(/Broken\.js/);
  });

  it('answers an empty map for a doc set without TOC files', async () => {
    const toc = await readFlareTocBreadcrumbs(join(FIXTURES, 'generic'));
    expect(toc.byPath.size).toBe(0);
  });

  it('normalises TOC keys to page paths', () => {
    expect(normaliseTocPath('/Content/A%20B.htm#x')).toBe('/Content/A B.htm');
    expect(normaliseTocPath('Content\\C.htm')).toBe('/Content/C.htm');
  });
});
