import type { FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import type { PortalConfig } from '../config/schema';

/** The log fields that must never be written. */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
];

/** Where and how the portal's logs go; the defaults are the process's stdout. */
export interface LogOutput {
  /** Whether stdout is a terminal a person reads (default: `process.stdout.isTTY`). */
  isTerminal?: boolean;
  /** Where the readable lines go (default: stdout); tests pass a stream to read them back. */
  destination?: NodeJS.WritableStream;
  /** Where JSON lines go instead of stdout; tests pass a stream to read the log back. */
  stream?: { write(line: string): void };
}

/**
 * Whether logs are written for a person: development mode with stdout on a terminal. Anything
 * else (production, or output piped to a file or a log collector) stays pino's JSON lines.
 */
export function readableLogs(mode: PortalConfig['mode'], isTerminal: boolean): boolean {
  return mode === 'development' && isTerminal;
}

/**
 * Fastify's logger options for `config`: off at `logLevel: silent`, else pino at the configured
 * level with cookies, tokens and the XSRF header redacted, as JSON lines or (see
 * {@link readableLogs}) as colourised one-line-per-event text through pino-pretty.
 */
export function loggerOptions(
  config: Pick<PortalConfig, 'mode' | 'logLevel'>,
  output: LogOutput = {},
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  const json = { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' } };
  if (output.stream) return { ...json, stream: output.stream };
  if (!readableLogs(config.mode, output.isTerminal ?? process.stdout.isTTY === true)) return json;
  const stream = pinoPretty({
    sync: true,
    colorize: output.destination === undefined,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    ...(output.destination ? { destination: output.destination } : {}),
  });
  return { ...json, stream };
}
