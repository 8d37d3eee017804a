import { ConfigError, loadConfig } from '../config/loadConfig';
import { DocSetError } from '../content/DocSetError';
import { type CliCommand, type CliContext, EXIT_CODES, UsageError } from './CliCommand';
import { COMMANDS } from './commands';

/** Where the CLI reads its settings and writes its output (the process's, or a test's). */
export interface CliEnvironment {
  /** Environment variables (PORTAL_CONFIG names the config file). */
  env: NodeJS.ProcessEnv;
  /** Writes a line of normal output. */
  out(line: string): void;
  /** Writes a line of diagnostics. */
  err(line: string): void;
  /** Aborted on interruption. */
  signal?: AbortSignal;
  /** Rewrites the status line of a terminal; absent when diagnostics do not go to one. */
  status?(line: string): void;
  /** The command table (default: COMMANDS). */
  commands?: Record<string, CliCommand>;
}

/** The usage text listing every command. */
export function usageText(commands: Record<string, CliCommand> = COMMANDS): string {
  const lines = [
    'Usage: node --import tsx packages/server/src/cli/main.ts <command> [arguments]',
    '',
    'Commands:',
  ];
  for (const [name, command] of Object.entries(commands)) {
    lines.push(`  ${name} ${command.args}`, `      ${command.summary}`);
  }
  lines.push(
    '',
    'The config file is PORTAL_CONFIG, else portal.config.yaml at the repository root.',
  );
  return lines.join('\n');
}

/**
 * Runs one CLI command line (without the node and script arguments) and resolves to the exit code.
 * Every failure ends in a one-paragraph message on `err`, never a stack trace.
 */
export async function runCli(argv: string[], environment: CliEnvironment): Promise<number> {
  const commands = environment.commands ?? COMMANDS;
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    (name === undefined ? environment.err : environment.out)(usageText(commands));
    return name === undefined ? EXIT_CODES.usage : EXIT_CODES.ok;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    environment.err(`Unknown command "${name}". Commands: ${Object.keys(commands).join(', ')}.`);
    return EXIT_CODES.usage;
  }
  let context: CliContext;
  try {
    context = {
      config: loadConfig(environment.env).config,
      out: environment.out,
      err: environment.err,
      signal: environment.signal ?? new AbortController().signal,
      ...(environment.status ? { status: environment.status } : {}),
    };
  } catch (error) {
    if (error instanceof ConfigError) {
      environment.err(error.message);
      return EXIT_CODES.config;
    }
    throw error;
  }
  try {
    return await command.run(args, context);
  } catch (error) {
    if (error instanceof UsageError) {
      environment.err(`${error.message}.\nUsage: ${name} ${command.args}`);
      return EXIT_CODES.usage;
    }
    if (error instanceof DocSetError) {
      environment.err(error.message);
      if (error.code === 'unknown_doc_set') return EXIT_CODES.usage;
      if (error.code === 'aborted') return EXIT_CODES.interrupted;
      return EXIT_CODES.failed;
    }
    environment.err(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_CODES.failed;
  }
}
