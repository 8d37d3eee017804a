import type { PortalConfig } from '../config/schema';

/** Exit codes of the portal CLI. */
export const EXIT_CODES = {
  /** Done. */
  ok: 0,
  /** The operation failed (bad source, nothing to roll back to, busy...); nothing was changed. */
  failed: 1,
  /** Wrong command line, or an unknown doc set. */
  usage: 2,
  /** The config file is missing or invalid. */
  config: 3,
  /** Interrupted (Ctrl-C); nothing was changed. */
  interrupted: 130,
} as const;

/** What a command gets besides its arguments. */
export interface CliContext {
  /** The validated portal config. */
  config: PortalConfig;
  /** Writes a line of normal output (stdout). */
  out(line: string): void;
  /** Writes a line of diagnostics (stderr). */
  err(line: string): void;
  /** Aborted when the user interrupts (SIGINT/SIGTERM). */
  signal: AbortSignal;
  /**
   * Rewrites the status line in place (an empty line removes it); only when stderr is a terminal.
   * Commands show progress through it, and print one summary line at the end either way.
   */
  status?(line: string): void;
}

/** One subcommand of `packages/server/src/cli/main.ts`. */
export interface CliCommand {
  /** Argument synopsis after the command name, e.g. `<docSetId> <folder|archive>`. */
  args: string;
  /** One line saying what it does. */
  summary: string;
  /**
   * Runs the command and resolves to its exit code. Throwing a `UsageError` prints the usage;
   * throwing a `DocSetError` prints its message (exit code by its `code`).
   */
  run(args: string[], context: CliContext): Promise<number>;
}

/** A command line that does not fit the command's synopsis. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
