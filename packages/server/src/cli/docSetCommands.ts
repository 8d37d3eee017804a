import { DocSetPublisher, type PublishResult } from '../content/DocSetPublisher';
import type { PublishProgress } from '../content/PublishBudget';
import { type CliCommand, EXIT_CODES, UsageError } from './CliCommand';
import { ProgressLine, rateAndEta } from './ProgressLine';

/** Bytes as people read them: 1.2 MB. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** The status line of a publish: what is being done, how far, how fast. */
export function publishStatus(progress: PublishProgress, elapsedMs: number): string {
  if (progress.phase === 'copying') {
    return `Copying: ${progress.files} files, ${formatBytes(progress.bytes)}, ${rateAndEta(progress.files, null, elapsedMs, 'files')}`;
  }
  return `Preparing: ${progress.files}/${progress.total ?? '?'} files, ${rateAndEta(progress.files, progress.total, elapsedMs, 'files')}`;
}

/** The one line that sums a publish up, with its speed. */
export function publishSummary(docSetId: string, result: PublishResult, elapsedMs: number): string {
  const seconds = Math.max(elapsedMs, 1) / 1000;
  return `Published ${docSetId} release ${result.release}: ${result.fileCount} files, ${formatBytes(result.totalBytes)}, ${result.compressedCount} precompressed (gzip, brotli), ${result.linkedCount} unchanged (linked) in ${seconds.toFixed(1)} s (${Math.round(result.fileCount / seconds)} files/s, ${formatBytes(result.totalBytes / seconds)}/s).`;
}

/** `publish <docSetId> <folder|archive> [--dereference]`: a new release, served at once. */
export const publishCommand: CliCommand = {
  args: '<docSetId> <folder|archive.tar.gz|archive.tgz|archive.zip> [--dereference]',
  summary:
    'publish a folder or archive as the next release of a doc set (atomic; the previous release is kept for rollback; --dereference copies what links pointing outside the folder lead to)',
  async run(args, { config, out, signal, status }) {
    const dereference = args.includes('--dereference');
    const [docSetId, source, ...rest] = args.filter((a) => a !== '--dereference');
    if (
      !docSetId ||
      !source ||
      rest.length > 0 ||
      docSetId.startsWith('-') ||
      source.startsWith('-')
    )
      throw new UsageError('publish needs a doc set id and a folder or archive');
    const progress = new ProgressLine(status);
    const started = performance.now();
    let result: PublishResult;
    try {
      result = await new DocSetPublisher(config).publish(docSetId, source, {
        signal,
        dereference,
        onProgress: (p) =>
          progress.update(p.phase, (elapsed) => publishStatus(p, elapsed), p.files === p.total),
      });
    } finally {
      progress.clear();
    }
    out(publishSummary(docSetId, result, performance.now() - started));
    out(`Now serving ${result.releaseDir}`);
    if (result.pruned.length > 0) out(`Deleted old releases: ${result.pruned.join(', ')}`);
    return EXIT_CODES.ok;
  },
};

/** `rollback <docSetId>`: the previous release again. */
export const rollbackCommand: CliCommand = {
  args: '<docSetId>',
  summary: 'serve the release before the current one again',
  async run(args, { config, out }) {
    const [docSetId, ...rest] = args;
    if (!docSetId || rest.length > 0) throw new UsageError('rollback needs a doc set id');
    const result = await new DocSetPublisher(config).rollback(docSetId);
    out(`Rolled ${docSetId} back from release ${result.from} to release ${result.to}.`);
    out(`Now serving ${result.releaseDir}`);
    return EXIT_CODES.ok;
  },
};

/** `list [--json]`: doc sets and their releases. */
export const listCommand: CliCommand = {
  args: '[--json]',
  summary: 'show every doc set with its releases (* marks the one served)',
  async run(args, { config, out }) {
    const json = args.includes('--json');
    if (args.some((a) => a !== '--json'))
      throw new UsageError(`list takes no arguments besides --json`);
    const statuses = await new DocSetPublisher(config).list();
    if (json) {
      out(
        JSON.stringify(
          statuses.map((s) => ({
            id: s.docSet.id,
            mount: s.docSet.mount,
            current: s.current,
            releases: s.releases,
          })),
          null,
          2,
        ),
      );
      return EXIT_CODES.ok;
    }
    for (const { docSet, current, releases } of statuses) {
      out(
        `${docSet.id}  ${config.basePath}/${docSet.mount}/  "${docSet.title}"  audience: ${docSet.audience.join(', ')}`,
      );
      if (releases.length === 0) out('    (nothing published)');
      for (const r of releases) {
        const files = r.fileCount === null ? '? files' : `${r.fileCount} files`;
        const size = r.totalBytes === null ? '' : `, ${formatBytes(r.totalBytes)}`;
        const marker = r.release === current ? '*' : ' ';
        out(
          `  ${marker} ${String(r.release).padStart(4)}  ${r.publishedAt ?? 'unknown time'}  ${files}${size}  from ${r.source ?? 'unknown'}`,
        );
      }
    }
    return EXIT_CODES.ok;
  },
};
