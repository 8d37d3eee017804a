import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, readableLogs } from './loggerOptions';

describe('readableLogs', () => {
  it.each([
    ['development', true, true],
    ['development', false, false],
    ['production', true, false],
    ['production', false, false],
  ] as const)('in %s mode with a terminal: %s -> readable %s', (mode, isTerminal, expected) => {
    expect(readableLogs(mode, isTerminal)).toBe(expected);
  });
});

describe('loggerOptions', () => {
  it('writes readable lines at the configured level in development on a terminal', async () => {
    const destination = new PassThrough();
    const chunks: Buffer[] = [];
    destination.on('data', (chunk: Buffer) => chunks.push(chunk));
    const app = Fastify({
      logger: loggerOptions(
        { mode: 'development', logLevel: 'info' },
        { isTerminal: true, destination },
      ),
    });
    app.log.info({ docSet: 'guide' }, 'published');
    app.log.debug('below the level');
    await app.close();
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: published\n {4}docSet: "guide"\n/);
    expect(text).not.toContain('below the level');
  });

  it('keeps JSON lines in production, even on a terminal, and when output is not a terminal', () => {
    for (const [mode, isTerminal] of [
      ['production', true],
      ['development', false],
    ] as const) {
      const options = loggerOptions({ mode, logLevel: 'warn' }, { isTerminal });
      expect(options).toEqual({
        level: 'warn',
        redact: { paths: expect.arrayContaining(['req.headers.cookie']), censor: '[redacted]' },
      });
    }
  });

  it('turns logging off at level silent', () => {
    expect(loggerOptions({ mode: 'development', logLevel: 'silent' }, { isTerminal: true })).toBe(
      false,
    );
  });
});
