import { DocSetPublisher } from '../content/DocSetPublisher';
import { type CliCommand, EXIT_CODES, UsageError } from './CliCommand';

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

/** `publish <docSetId> <folder|archive>`: a new release, served at once. */
export const publishCommand: CliCommand = {
  args: '<docSetId> <folder|archive.tar.gz|archive.tgz|archive.zip>',
  summary:
    'publish a folder or archive as the next release of a doc set (atomic; the previous release is kept for rollback)',
  async run(args, { config, out, signal }) {
    const [docSetId, source, ...rest] = args;
    if (!docSetId || !source || rest.length > 0)
      throw new UsageError('publish needs a doc set id and a folder or archive');
    const result = await new DocSetPublisher(config).publish(docSetId, source, { signal });
    out(
      `Published ${docSetId} release ${result.release}: ${result.fileCount} files, ${formatBytes(result.totalBytes)}, ${result.compressedCount} precompressed (gzip, brotli).`,
    );
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
