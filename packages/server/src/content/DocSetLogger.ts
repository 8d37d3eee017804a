/** The logging the doc-set code does (a pino / Fastify logger fits). */
export interface DocSetLogger {
  /** Progress worth knowing (a release published at start-up). */
  info(data: object, message: string): void;
  /** Something an operator should fix (a configured folder missing). */
  warn(data: object, message: string): void;
  /** A failure the code recovered from (a release that could not be loaded). */
  error(data: object, message: string): void;
}

/** A logger that drops everything: the default where none is given. */
export const silentLogger: DocSetLogger = { info() {}, warn() {}, error() {} };
