import { describe, expect, it } from 'vitest';
import { ConnectionStateLog } from './ConnectionStateLog';

describe('ConnectionStateLog', () => {
  it('logs one warning per outage and one notice when the connection is back', () => {
    const lines: string[] = [];
    const log = new ConnectionStateLog(
      {
        warn: (_details, message) => lines.push(`warn ${message}`),
        info: (_details, message) => lines.push(`info ${message}`),
      },
      'redis session store',
    );
    log.connected();
    log.failed(new Error('ECONNREFUSED'));
    log.failed(new Error('ECONNREFUSED'));
    expect(log.isDown).toBe(true);
    log.connected();
    log.connected();
    expect(lines).toEqual([
      'warn redis session store: connection lost; requests that need it answer 503 until it is back',
      'info redis session store: connection restored',
    ]);
    expect(log.isDown).toBe(false);
  });
});
