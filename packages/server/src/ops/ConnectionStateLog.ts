/** The part of a pino / Fastify logger the connection log writes to. */
export interface DependencyLogger {
  /** Logs a problem that the portal works around (a dependency went away). */
  warn(details: object, message: string): void;
  /** Logs a notable, healthy event (a dependency came back). */
  info(details: object, message: string): void;
}

/**
 * Logs a dependency's connection going down and coming back, once per transition: a client that
 * retries every second while its server is away would otherwise write a warning per attempt.
 */
export class ConnectionStateLog {
  private down = false;

  /**
   * @param logger where to write; nothing is written without one.
   * @param dependency what the connection is for, as operators read it (`redis session store`).
   * @param words what going down and coming back are called, for a dependency that is a file
   *   rather than a connection (default `connection lost` / `connection restored`).
   */
  constructor(
    private readonly logger: DependencyLogger | undefined,
    private readonly dependency: string,
    private readonly words: { lost: string; restored: string } = {
      lost: 'connection lost',
      restored: 'connection restored',
    },
  ) {}

  /** True after a failure until the next successful connection. */
  get isDown(): boolean {
    return this.down;
  }

  /** Records a connection failure; only the first failure after a healthy period is logged. */
  failed(error: unknown): void {
    if (this.down) return;
    this.down = true;
    this.logger?.warn(
      { err: error, dependency: this.dependency },
      `${this.dependency}: ${this.words.lost}; requests that need it answer 503 until it is back`,
    );
  }

  /** Records a successful connection; logged only when it ends an outage. */
  connected(): void {
    if (!this.down) return;
    this.down = false;
    this.logger?.info(
      { dependency: this.dependency },
      `${this.dependency}: ${this.words.restored}`,
    );
  }
}

/** How the outage log of a SQLite file words its outages. */
export const SQLITE_FILE_WORDS = {
  lost: 'the file cannot be used (locked by another process, or damaged)',
  restored: 'the file is usable again',
};
