import { DocSetError } from '../content/DocSetError';
import { DocSetPublisher, type PublishResult } from '../content/DocSetPublisher';
import type { LinkReport } from '../content/linkIntegrity';
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

/** The line that sums a link check up. */
export function linkSummary(report: LinkReport, redirects: number, removed: number): string {
  const known = report.compared ? ` (${report.newCount} new)` : '';
  return `Links: ${report.links} internal links on ${report.pages} pages checked, ${report.brokenCount} broken${known}; ${redirects} old paths redirect, ${removed} removed pages answer "removed".`;
}

/** Broken links printed on the terminal at most; the report file has them all. */
const PRINTED_BROKEN = 20;

/** One line per broken link (new ones only when `onlyNew`), at most {@link PRINTED_BROKEN}. */
export function brokenLinkLines(report: LinkReport, onlyNew: boolean): string[] {
  const listed = report.broken.filter((b) => !onlyNew || b.new);
  const lines = listed
    .slice(0, PRINTED_BROKEN)
    .map((b) => `  ${b.page}: ${b.href} (${b.reason.replace(/_/g, ' ')})${b.new ? ' [new]' : ''}`);
  if (listed.length > PRINTED_BROKEN)
    lines.push(`  ... and ${listed.length - PRINTED_BROKEN} more`);
  return lines;
}

const PUBLISH_FLAGS = new Set(['--dereference', '--strict']);

/** `publish <docSetId> <folder|archive> [--dereference] [--strict]`: a new release, served at once. */
export const publishCommand: CliCommand = {
  args: '<docSetId> <folder|archive.tar.gz|archive.tgz|archive.zip> [--dereference] [--strict]',
  summary:
    'publish a folder or archive as the next release of a doc set (atomic; the previous release is kept for rollback; --dereference copies what links pointing outside the folder lead to; --strict refuses a release that adds broken links)',
  async run(args, { config, out, err, signal, status }) {
    const dereference = args.includes('--dereference');
    const strict = args.includes('--strict');
    const [docSetId, source, ...rest] = args.filter((a) => !PUBLISH_FLAGS.has(a));
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
        strict,
        onProgress: (p) =>
          progress.update(p.phase, (elapsed) => publishStatus(p, elapsed), p.files === p.total),
      });
    } catch (error) {
      const report = error instanceof DocSetError ? error.details?.report : undefined;
      if (report) {
        progress.clear();
        err(
          `Links: ${report.brokenCount} broken, ${report.newCount} of them new. New broken links:`,
        );
        for (const line of brokenLinkLines(report, true)) err(line);
      }
      throw error;
    } finally {
      progress.clear();
    }
    out(publishSummary(docSetId, result, performance.now() - started));
    out(
      `${linkSummary(result.linkReport, result.redirectCount, result.removedCount)} Report: ${result.linkReportFile}`,
    );
    for (const line of brokenLinkLines(result.linkReport, false)) out(line);
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
