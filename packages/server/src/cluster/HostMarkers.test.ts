import { mkdtempSync, readdirSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HostMarkers } from './HostMarkers';

function sharedFolder(): string {
  return mkdtempSync(path.join(tmpdir(), 'host-markers-'));
}

/** Makes `host`'s marker look last refreshed `ms` ago. */
function age(dataDir: string, host: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  utimesSync(path.join(dataDir, 'hosts', `${host}.json`), then, then);
}

describe('host markers in a shared data folder', () => {
  it('shows each host the other live host, never itself', async () => {
    const dataDir = sharedFolder();
    const web1 = new HostMarkers(dataDir, 'web-1');
    const web2 = new HostMarkers(dataDir, 'web-2');
    expect(await web1.otherLiveHosts()).toEqual([]);
    expect((await web2.otherLiveHosts()).map((h) => h.host)).toEqual(['web-1']);
    expect((await web1.otherLiveHosts()).map((h) => h.host)).toEqual(['web-2']);
    expect(readdirSync(path.join(dataDir, 'hosts')).sort()).toEqual(['web-1.json', 'web-2.json']);
  });

  it('lets two processes of one host share the folder', async () => {
    const dataDir = sharedFolder();
    await new HostMarkers(dataDir, 'web-1').beat();
    expect(await new HostMarkers(dataDir, 'web-1').otherLiveHosts()).toEqual([]);
  });

  it('stops counting a host whose marker was not refreshed within the live time', async () => {
    const dataDir = sharedFolder();
    await new HostMarkers(dataDir, 'web-1').beat();
    const web2 = new HostMarkers(dataDir, 'web-2', { liveMs: 30_000 });
    age(dataDir, 'web-1', 20_000);
    expect(await web2.otherLiveHosts()).toEqual([
      { host: 'web-1', lastSeenMsAgo: expect.any(Number) as unknown },
    ]);
    age(dataDir, 'web-1', 40_000);
    expect(await web2.otherLiveHosts()).toEqual([]);
  });

  it('keeps its marker fresh while started, and removes it on request', async () => {
    const dataDir = sharedFolder();
    const web1 = new HostMarkers(dataDir, 'web-1', { heartbeatMs: 50 });
    await web1.beat();
    age(dataDir, 'web-1', 60_000);
    web1.start();
    const web2 = new HostMarkers(dataDir, 'web-2');
    await expect
      .poll(async () => (await web2.otherLiveHosts()).map((h) => h.host), { timeout: 2_000 })
      .toEqual(['web-1']);
    web1.close();
    await web1.remove();
    expect(await web2.otherLiveHosts()).toEqual([]);
  });
});
