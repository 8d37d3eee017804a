import type { PrepareFileResult, PrepareFileTask } from '../../src/content/prepareFile';

/**
 * A preparing worker that dies on the page named `crash.htm` (as a thread killed by a fault
 * would) and does nothing else: lets tests check that a dead worker fails the publish cleanly.
 */
export function prepareFile(task: PrepareFileTask): Promise<PrepareFileResult> {
  if (task.file.endsWith('crash.htm')) process.exit(3);
  return Promise.resolve({ size: 1, digest: 'x', siblings: {}, linked: false });
}
