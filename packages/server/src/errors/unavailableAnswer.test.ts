import { SearchUnavailableError } from '@docs-portal/search';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './errorHandler';
import { PortalError } from './PortalError';

/** An app whose one route fails with `error`. */
async function failingWith(error: Error) {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  app.get('/x', async () => {
    throw error;
  });
  const answer = await app.inject('/x');
  await app.close();
  return answer;
}

const driverError = () => new Error('connect ECONNREFUSED 10.0.0.5:6379');

describe('a 503 answer', () => {
  it('does not carry the message of a driver error that has status 503', async () => {
    const answer = await failingWith(Object.assign(driverError(), { statusCode: 503 }));
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      code: 'unavailable',
      message: 'A service the portal needs is unavailable right now. Please try again shortly.',
    });
    expect(answer.body).not.toMatch(/10\.0\.0\.5|6379|ECONNREFUSED/);
  });

  it('says that search is unavailable, without its cause', async () => {
    const answer = await failingWith(new SearchUnavailableError(driverError()));
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({
      message: expect.stringMatching(/^Search is unavailable/),
    });
    expect(answer.body).not.toMatch(/10\.0\.0\.5|6379|ECONNREFUSED/);
  });

  it('keeps the cause of a portal error out of the answer', async () => {
    const answer = await failingWith(
      new PortalError('unavailable', 'Search analytics are unavailable right now.', {
        cause: driverError(),
      }),
    );
    expect(answer.json()).toEqual({
      code: 'unavailable',
      message: 'Search analytics are unavailable right now.',
    });
  });
});
