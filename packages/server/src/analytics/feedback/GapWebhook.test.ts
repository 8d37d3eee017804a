import { execFileSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/loadConfig';
import { SqliteAnalyticsStore } from '../SqliteAnalyticsStore/SqliteAnalyticsStore';
import { GAP_WEBHOOK_SIGNATURE_HEADER, GapWebhook } from './GapWebhook';

const SECRET = 'a-shared-secret-of-at-least-24-chars';
let certDir: string;
let cert: Buffer;
let key: Buffer;

beforeAll(() => {
  certDir = mkdtempSync(path.join(tmpdir(), 'gap-webhook-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(certDir, 'key.pem'),
      '-out',
      path.join(certDir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  cert = readFileSync(path.join(certDir, 'cert.pem'));
  key = readFileSync(path.join(certDir, 'key.pem'));
});
afterAll(() => rmSync(certDir, { recursive: true, force: true }));

interface Delivery {
  body: string;
  signature: string | undefined;
}

/** A real HTTPS receiver with a self-signed certificate answering `statuses` in turn (then 200). */
async function receiver(
  statuses: number[],
): Promise<{ url: string; deliveries: Delivery[]; server: Server }> {
  const deliveries: Delivery[] = [];
  const server = createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const signature = request.headers[GAP_WEBHOOK_SIGNATURE_HEADER];
      deliveries.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: typeof signature === 'string' ? signature : undefined,
      });
      response.statusCode = statuses.shift() ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `https://127.0.0.1:${port}/hooks/gaps`, deliveries, server };
}

const docSets = [
  {
    id: 'guide',
    mount: 'guide',
    folder: '/x',
    title: 'Guide',
    product: 'P',
    version: '1',
    docType: 'G',
    audience: ['*'],
  },
  {
    id: 'sales',
    mount: 'sales',
    folder: '/x',
    title: 'Sales',
    product: 'S',
    version: '1',
    docType: 'G',
    audience: ['partner'],
  },
] as never;

async function seededStore(): Promise<SqliteAnalyticsStore> {
  const store = new SqliteAnalyticsStore(':memory:');
  const at = new Date('2025-03-10T10:00:00Z');
  await store.recordSearch({
    query: 'bakcup',
    filters: {},
    resultCount: 0,
    tookMs: 1,
    kind: 'customer',
    at,
  });
  await store.recordMissingLanding({ docSetId: 'guide', path: 'gone.htm', kind: 'customer', at });
  await store.recordMissingLanding({ docSetId: 'sales', path: 'secret.htm', kind: 'partner', at });
  return store;
}

describe('the daily content-gap webhook', () => {
  it("sends the day's gaps as JSON signed with HMAC-SHA256, retrying with backoff until 2xx", async () => {
    const { url, deliveries, server } = await receiver([503, 500]);
    const store = await seededStore();
    const webhook = new GapWebhook({
      url,
      secret: SECRET,
      hourUtc: 6,
      store,
      docSets,
      ca: cert,
      retryDelaysMs: [20, 40],
    });
    try {
      expect(await webhook.deliver('2025-03-10')).toBe(true);
      expect(deliveries).toHaveLength(3);
      const last = deliveries[2] as Delivery;
      const expected = `sha256=${createHmac('sha256', SECRET).update(last.body).digest('hex')}`;
      expect(timingSafeEqual(Buffer.from(last.signature ?? ''), Buffer.from(expected))).toBe(true);
      const body = JSON.parse(last.body);
      expect(body.type).toBe('content-gaps');
      expect(body.day).toBe('2025-03-10');
      expect(
        body.gaps.map((g: { kind: string; subject: string }) => `${g.kind} ${g.subject}`),
      ).toEqual(['zero-result bakcup', 'missing-page gone.htm']);
      // Another replica (same store) does not send the day again.
      expect(await webhook.deliver('2025-03-10')).toBe(false);
      expect(deliveries).toHaveLength(3);
    } finally {
      webhook.close();
      await store.close();
      server.close();
    }
  });

  it('gives up after the last retry, and refuses a certificate it does not trust', async () => {
    const { url, deliveries, server } = await receiver([500, 500, 500]);
    const store = await seededStore();
    const warnings: string[] = [];
    const logger = {
      info: () => undefined,
      warn: (_: object, message: string) => warnings.push(message),
    };
    const failing = new GapWebhook({
      url,
      secret: SECRET,
      hourUtc: 6,
      store,
      docSets,
      ca: cert,
      retryDelaysMs: [10, 10],
      logger,
    });
    const untrusting = new GapWebhook({
      url,
      secret: SECRET,
      hourUtc: 6,
      store,
      docSets,
      retryDelaysMs: [],
      logger,
    });
    try {
      expect(await failing.deliver('2025-03-10')).toBe(false);
      expect(deliveries).toHaveLength(3);
      expect(warnings.at(-1)).toBe('content-gap list not delivered; giving up for the day');
      expect(await untrusting.deliver('2025-03-11')).toBe(false);
      expect(deliveries).toHaveLength(3);
    } finally {
      failing.close();
      untrusting.close();
      await store.close();
      server.close();
    }
  });

  it('sends the previous day at the configured hour (UTC) by itself', async () => {
    const { url, deliveries, server } = await receiver([]);
    const store = await seededStore();
    let now = new Date('2025-03-11T05:59:59.950Z');
    const webhook = new GapWebhook({
      url,
      secret: SECRET,
      hourUtc: 6,
      store,
      docSets,
      ca: cert,
      now: () => now,
      logger: {
        info: () => {
          now = new Date('2025-03-11T06:00:01Z');
        },
        warn: () => undefined,
      },
    });
    try {
      webhook.start();
      await expect.poll(() => deliveries.length, { timeout: 5_000 }).toBe(1);
      expect(JSON.parse((deliveries[0] as Delivery).body).day).toBe('2025-03-10');
    } finally {
      webhook.close();
      await store.close();
      server.close();
    }
  });

  it('is configured with an https address and a long secret only', () => {
    const base = { dataDir: '/tmp/x', logLevel: 'silent' };
    const parse = (gapWebhook: object) => () =>
      parseConfig({ ...base, analytics: { gapWebhook } }, { env: {} });
    expect(parse({ url: 'http://hooks.example.test/x', secret: SECRET })).toThrow(
      /analytics\.gapWebhook\.url.*https:\/\//s,
    );
    expect(parse({ url: 'https://hooks.example.test/x', secret: 'short' })).toThrow(
      /analytics\.gapWebhook\.secret/,
    );
    expect(
      parseConfig(
        {
          ...base,
          analytics: { gapWebhook: { url: 'https://hooks.example.test/x', secret: SECRET } },
        },
        { env: {} },
      ).analytics.gapWebhook,
    ).toEqual({ url: 'https://hooks.example.test/x', secret: SECRET, hourUtc: 6 });
  });
});
