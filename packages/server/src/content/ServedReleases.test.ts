import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { docSetInput } from '../../test/content/contentHarness';
import { versionedSite, writeFolder } from '../../test/content/docSetFolders';
import { testConfig } from '../../test/portalHarness';
import { DocSetPublisher } from './DocSetPublisher';
import { type ReleaseActivated, ServedReleases } from './ServedReleases';

function setup(folder = writeFolder(versionedSite('v1'))) {
  const config = testConfig({
    docSets: [docSetInput('guide', 'Guide', folder, { defaultPage: 'Default.htm' })],
  });
  return { config, folder, publisher: new DocSetPublisher(config) };
}

function served(releases: ServedReleases, file = 'Default.htm'): string | null {
  const entry = releases.current('guide')?.file(file);
  return entry ? readFileSync(entry.identity.path, 'utf8') : null;
}

function nextEvent(releases: ServedReleases): Promise<ReleaseActivated> {
  return new Promise((resolve) => {
    const stop = releases.onPublished((event) => {
      stop();
      resolve(event);
    });
  });
}

describe('the served releases', () => {
  it('starts without a release and publishes nothing when nothing is published', async () => {
    const { config } = setup();
    const releases = new ServedReleases(config, { watch: false, pollIntervalMs: 0 });
    await releases.start();
    expect(releases.current('guide')).toBeNull();
    expect(await new DocSetPublisher(config).list()).toMatchObject([
      { current: null, releases: [] },
    ]);
    await releases.close();
  });

  it('serves what the current pointer names, and follows a refresh after a publish here', async () => {
    const { config, publisher, folder } = setup();
    await publisher.publish('guide', folder);
    const releases = new ServedReleases(config, { watch: false, pollIntervalMs: 0 });
    await releases.start();
    expect(served(releases)).toContain('Home v1');
    await publisher.publish('guide', writeFolder(versionedSite('v2')));
    await releases.refresh('guide');
    expect(served(releases)).toContain('Home v2');
    await publisher.rollback('guide');
    await releases.refresh('guide');
    expect(releases.current('guide')?.release).toBe(1);
    await releases.close();
  });

  it('tells subscribers about each change and survives a failing subscriber', async () => {
    const { config, publisher, folder } = setup();
    await publisher.publish('guide', folder);
    const releases = new ServedReleases(config, { watch: false, pollIntervalMs: 0 });
    await releases.start();
    const events: ReleaseActivated[] = [];
    releases.onPublished(() => {
      throw new Error('subscriber bug');
    });
    const stop = releases.onPublished((event) => void events.push(event));
    await publisher.publish('guide', folder);
    await releases.refresh('guide');
    await publisher.rollback('guide');
    await releases.refresh('guide');
    stop();
    await publisher.publish('guide', folder);
    await releases.refresh('guide');
    expect(events.map((e) => e.release)).toEqual([2, 1]);
    expect(events[0]?.releaseDir).toMatch(/releases\/2$/);
    await releases.close();
  });

  it.each([
    ['watching', { watch: true, pollIntervalMs: 0 }],
    ['polling', { watch: false, pollIntervalMs: 20 }],
  ])('notices a publish made by another process by %s', async (_how, options) => {
    const { config, publisher } = setup();
    await publisher.publishFirstReleases();
    const server = new ServedReleases(config, options);
    await server.start();
    expect(server.current('guide')?.release).toBe(1);
    const noticed = nextEvent(server);
    await new DocSetPublisher(config).publish('guide', writeFolder(versionedSite('v2')));
    expect(await noticed).toMatchObject({ docSetId: 'guide', release: 2 });
    expect(served(server)).toContain('Home v2');
    await server.close();
  });
});
