import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

/** A text file written piece by piece (see {@link textFileWriter}). */
export interface TextFileWriter {
  /** Queues `text`; waits while the file is behind (back-pressure). Rejects once writing failed. */
  write(text: string): Promise<void>;
  /** Ends the file and waits until it is written; rejects when writing failed. */
  end(): Promise<void>;
}

/**
 * Writes the text file `file` piece by piece, so that its whole text is never held. Pieces are
 * written in the order `write` is called (callers may interleave). A failure (a missing folder, a
 * full disk) rejects every later `write` and `end`, and a write waiting for the file to catch up,
 * so a writer never waits for a stream that has stopped.
 */
export function textFileWriter(file: string): TextFileWriter {
  const out = createWriteStream(file);
  let failed: Error | null = null;
  const finished = new Promise<void>((resolve, reject) => {
    out.on('error', (error) => {
      failed = error;
      reject(error);
    });
    out.on('finish', resolve);
  });
  // Awaited by end(); this only keeps a failure from counting as unhandled until then.
  finished.catch(() => undefined);
  return {
    async write(text) {
      if (failed !== null) throw failed;
      if (!out.write(text)) await Promise.race([once(out, 'drain'), finished]);
    },
    async end() {
      if (failed === null) out.end();
      await finished;
    },
  };
}
