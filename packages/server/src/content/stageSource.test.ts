import { lstatSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFolder } from '../../test/content/docSetFolders';
import { DocSetError } from './DocSetError';
import { DEFAULT_PUBLISH_LIMITS, PublishBudget } from './PublishBudget';
import { stageSource } from './stageSource';

/** A source folder with a file link and a folder link, both pointing outside it. */
function folderWithOutsideLinks(): string {
  const outside = writeFolder({ 'shared.css': 'body{}', 'media/clip.mp4': 'MP4' }, 'outside-');
  const source = writeFolder({ 'a.htm': 'A' });
  symlinkSync(path.join(outside, 'shared.css'), path.join(source, 'shared.css'));
  symlinkSync(path.join(outside, 'media'), path.join(source, 'media'));
  return source;
}

function stage(source: string, dereference?: boolean) {
  const work = mkdtempSync(path.join(tmpdir(), 'stage-'));
  const dest = path.join(work, 'release');
  const done = stageSource(source, work, dest, new PublishBudget(DEFAULT_PUBLISH_LIMITS), {
    dereference,
  });
  return { dest, done };
}

describe('stageSource and symbolic links pointing outside the folder', () => {
  it('refuses them with the message naming the link and its target, and the way out', async () => {
    const source = folderWithOutsideLinks();
    const error = await stage(source).done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocSetError);
    expect((error as DocSetError).code).toBe('bad_source');
    expect((error as DocSetError).message).toMatch(
      /^\/.* is a symbolic link pointing outside the folder \(to \/.*\); nothing was published\. To publish what such links point at, pass --dereference\.$/,
    );
  });

  it('copies what they point at with dereference, leaving no link in the release', async () => {
    const { dest, done } = stage(folderWithOutsideLinks(), true);
    await done;
    expect(readdirSync(dest).sort()).toEqual(['a.htm', 'media', 'shared.css']);
    expect(readFileSync(path.join(dest, 'shared.css'), 'utf8')).toBe('body{}');
    expect(readFileSync(path.join(dest, 'media/clip.mp4'), 'utf8')).toBe('MP4');
    for (const entry of ['shared.css', 'media', 'media/clip.mp4']) {
      expect(lstatSync(path.join(dest, entry)).isSymbolicLink(), entry).toBe(false);
    }
  });

  it('still refuses a dangling link and a link to a parent folder with dereference', async () => {
    const dangling = writeFolder({ 'a.htm': 'A' });
    symlinkSync('/no/such/target', path.join(dangling, 'gone.htm'));
    const first = await stage(dangling, true).done.catch((e: unknown) => e);
    expect((first as DocSetError).message).toContain('is a symbolic link to nothing');
    const looping = writeFolder({ 'a.htm': 'A' });
    symlinkSync(path.dirname(looping), path.join(looping, 'up'));
    const second = await stage(looping, true).done.catch((e: unknown) => e);
    expect((second as DocSetError).message).toContain('to one of its own parent folders');
  });
});
