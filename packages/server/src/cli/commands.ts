import type { CliCommand } from './CliCommand';
import { listCommand, publishCommand, rollbackCommand } from './docSetCommands';
import { reindexCommand } from './reindexCommand';

/**
 * The subcommands of the portal CLI by name. A new one (e.g. `reindex`) is a `CliCommand` added
 * here; `runCli` and the usage text pick it up.
 */
export const COMMANDS: Record<string, CliCommand> = {
  publish: publishCommand,
  rollback: rollbackCommand,
  list: listCommand,
  reindex: reindexCommand,
};
