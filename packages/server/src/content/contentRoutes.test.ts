import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  docSetInput,
  rawRequest,
  startContentApp,
  type ContentApp,
} from '../../test/content/contentHarness';
import { topicPage, versionedSite, writeFolder } from '../../test/content/docSetFolders';
import { highlighterScriptTag, injectHighlighter } from './prepareRelease';

let portal: ContentApp;
let customer: string;
let employee: string;
const site = versionedSite('v1');
/** A file as published: doc pages carry the search highlighter script. */
function published(file: string): Buffer {
  const source = Buffer.from(site[file] as string | Buffer);
  return /\.html?$/.test(file) ? injectHighlighter(source, highlighterScriptTag('/docs')) : source;
}
const PAGE = '/docs/6_5/Web/UserGuide/Content/Jobs/CreateJob.htm';

beforeAll(async () => {
  const guide = writeFolder(site);
  const internal = writeFolder({
    'Default.htm': '<h1>internal</h1>',
    'Content/Runbook.htm': topicPage('Runbook', 'secret-runbook', 2000),
  });
  const noDefault = writeFolder({ 'Content/a.htm': '<h1>a</h1>' });
  portal = await startContentApp({
    docSets: [
      docSetInput('guide', '6_5/Web/UserGuide', guide, { defaultPage: 'Default.htm' }),
      docSetInput('runbooks', 'Internal/Runbooks', internal, {
        audience: ['employee'],
        defaultPage: 'Default.htm',
      }),
      docSetInput('plain', 'Plain', noDefault),
    ],
  });
  customer = await portal.cookieFor('customer');
  employee = await portal.cookieFor('employee');
});

afterAll(async () => {
  await portal?.close();
});

function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return portal.app.inject({
    method: method as 'GET',
    url: path,
    headers: { cookie: customer, ...headers },
  });
}

describe('serving doc files', () => {
  it.each([
    ['Content/Jobs/CreateJob.htm', 'text/html; charset=utf-8'],
    ['Skins/site.css', 'text/css; charset=utf-8'],
    ['Data/Toc.js', 'text/javascript; charset=utf-8'],
    ['Content/data.json', 'application/json; charset=utf-8'],
    ['Content/notes.txt', 'text/plain; charset=utf-8'],
    ['Resources/Images/diagram.png', 'image/png'],
    ['Resources/fonts/Body.woff2', 'font/woff2'],
  ])('answers %s with the content type %s and the private caching headers', async (file, type) => {
    const response = await get(`/docs/6_5/Web/UserGuide/${file}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.etag).toMatch(/^"[^"]+"$/);
    expect(response.headers['last-modified']).toMatch(/GMT$/);
    expect(response.rawPayload.equals(published(file))).toBe(true);
  });

  it('serves a file whose name holds encoded spaces and UTF-8', async () => {
    const response = await get(
      '/docs/6_5/Web/UserGuide/Content/Guide%20Topics/%C3%9Cber%20Restore.htm',
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Restore a VM</title>');
  });

  it('answers brotli when accepted, gzip when only gzip is, and identity otherwise, with Vary', async () => {
    const br = await get(PAGE, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(
      published('Content/Jobs/CreateJob.htm').toString(),
    );
    const gz = await get(PAGE, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(
      published('Content/Jobs/CreateJob.htm').toString(),
    );
    const plain = await get(PAGE, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(published('Content/Jobs/CreateJob.htm').toString());
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    expect(Number(br.headers['content-length'])).toBeLessThan(
      Number(plain.headers['content-length']) / 3,
    );
  });

  it('answers small files uncompressed whatever the reader accepts', async () => {
    const response = await get('/docs/6_5/Web/UserGuide/Content/notes.txt', {
      'accept-encoding': 'br, gzip',
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('v1 short');
  });

  it('answers 304 to If-None-Match naming the current ETag, and 200 to a stale one', async () => {
    const first = await get(PAGE, { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    const again = await get(PAGE, { 'accept-encoding': 'br', 'if-none-match': `"stale", ${etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    const weak = await get(PAGE, { 'accept-encoding': 'br', 'if-none-match': `W/${etag}` });
    expect(weak.statusCode).toBe(304);
    const stale = await get(PAGE, { 'accept-encoding': 'br', 'if-none-match': '"stale"' });
    expect(stale.statusCode).toBe(200);
  });

  it('answers 304 to If-Modified-Since at or after Last-Modified, 200 before it', async () => {
    const first = await get(PAGE);
    const lastModified = first.headers['last-modified'] as string;
    expect((await get(PAGE, { 'if-modified-since': lastModified })).statusCode).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await get(PAGE, { 'if-modified-since': earlier })).statusCode).toBe(200);
  });

  it('answers byte ranges with 206 and Content-Range, and 416 past the end', async () => {
    const text = published('Content/Jobs/CreateJob.htm').toString();
    const range = await get(PAGE, { range: 'bytes=10-19', 'accept-encoding': 'br' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 10-19/${text.length}`);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body).toBe(text.slice(10, 20));
    const suffix = await get(PAGE, { range: 'bytes=-5' });
    expect(suffix.body).toBe(text.slice(-5));
    const past = await get(PAGE, { range: `bytes=${text.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${text.length}`);
  });

  it('ignores a range whose If-Range names an older version', async () => {
    const response = await get(PAGE, { range: 'bytes=0-9', 'if-range': '"old"' });
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBe(published('Content/Jobs/CreateJob.htm').length);
  });

  it('streams a file too large for the memory cache, ranges included', async () => {
    const big = site['Data/Big.js'] as string;
    const whole = await get('/docs/6_5/Web/UserGuide/Data/Big.js', {
      'accept-encoding': 'identity',
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe(big);
    const middle = await get('/docs/6_5/Web/UserGuide/Data/Big.js', {
      range: 'bytes=550000-550099',
    });
    expect(middle.statusCode).toBe(206);
    expect(middle.body).toBe(big.slice(550000, 550100));
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await get(PAGE, { 'accept-encoding': 'gzip' }, 'HEAD');
    const full = await get(PAGE, { 'accept-encoding': 'gzip' });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.headers.etag).toBe(full.headers.etag);
    expect(head.headers['content-encoding']).toBe('gzip');
  });
});

describe('folders and default pages', () => {
  it('redirects the bare mount to the mount with a slash, keeping the query', async () => {
    const response = await get('/docs/6_5/Web/UserGuide?x=1');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/docs/6_5/Web/UserGuide/?x=1');
  });

  it('serves the default page at the mount root and in a sub-folder', async () => {
    const root = await get('/docs/6_5/Web/UserGuide/');
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('Home v1');
    const sub = await get('/docs/6_5/Web/UserGuide/Content/');
    expect(sub.body).toContain('<title>Contents</title>');
  });

  it('redirects a folder named without its slash to the folder', async () => {
    const response = await get('/docs/6_5/Web/UserGuide/Content');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/docs/6_5/Web/UserGuide/Content/');
  });

  it('answers 404 for a folder without a default page, and for a doc set that names none', async () => {
    expect((await get('/docs/6_5/Web/UserGuide/Content/Jobs/')).statusCode).toBe(404);
    expect((await get('/docs/Plain/')).statusCode).toBe(404);
    expect((await get('/docs/Plain/Content/a.htm')).statusCode).toBe(200);
  });
});

describe('access', () => {
  it('redirects a browser navigation without a session to the login page with path and query', async () => {
    const response = await rawRequest(portal.origin, `${PAGE}?lang=en&q=a%20b`, {
      accept: 'text/html,application/xhtml+xml',
      'sec-fetch-mode': 'navigate',
    });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(
      `/docs/ui/login?redirectPath=${encodeURIComponent(`${PAGE}?lang=en&q=a%20b`)}`,
    );
  });

  it('treats a GET accepting HTML as a navigation even without Sec-Fetch-Mode', async () => {
    const response = await rawRequest(portal.origin, PAGE, { accept: 'text/html' });
    expect(response.status).toBe(302);
  });

  it('answers 401 JSON to a fetch without a session', async () => {
    const response = await rawRequest(portal.origin, PAGE, {
      accept: '*/*',
      'sec-fetch-mode': 'cors',
    });
    expect(response.status).toBe(401);
    expect(JSON.parse(response.body.toString())).toMatchObject({ code: 'unauthenticated' });
  });

  it('answers a doc set outside the reader audience exactly like a missing page', async () => {
    const hidden = await rawRequest(portal.origin, '/docs/Internal/Runbooks/Content/Runbook.htm', {
      cookie: customer,
    });
    const missing = await rawRequest(portal.origin, '/docs/Internal/Runbooks/Content/Nothing.htm', {
      cookie: employee,
    });
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    // Same-length names, so that even Content-Length must match.
    expect(hidden.body.toString().replace('Content/Runbook.htm', 'Content/Nothing.htm')).toBe(
      missing.body.toString(),
    );
    expect({ ...hidden.headers, date: undefined }).toEqual({ ...missing.headers, date: undefined });
    expect(hidden.body.toString()).not.toContain('secret-runbook');
    const bare = await rawRequest(portal.origin, '/docs/Internal/Runbooks', { cookie: customer });
    expect(bare.status).toBe(404);
    const readable = await rawRequest(
      portal.origin,
      '/docs/Internal/Runbooks/Content/Runbook.htm',
      { cookie: employee },
    );
    expect(readable.status).toBe(200);
    expect(readable.body.toString()).toContain('secret-runbook');
  });
});
