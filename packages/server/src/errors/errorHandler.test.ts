import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installErrorHandler } from './errorHandler';
import { ERROR_CATALOGUE } from './PortalError';

let app: FastifyInstance;
const Query = z.object({ page: z.coerce.number().int().min(1), q: z.string().max(5) }).strict();

beforeAll(async () => {
  app = Fastify({ logger: false });
  installErrorHandler(app);
  app.setValidatorCompiler(validatorCompiler);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/validated', { schema: { querystring: Query } }, async (request) => request.query);
  routes.post('/body', { schema: { body: z.object({ n: z.number() }) } }, async () => 'ok');
  app.get('/thrown', async (request) => Query.parse(request.query));
  app.get('/status/:status', async (request) => {
    const status = Number((request.params as { status: string }).status);
    throw Object.assign(new Error('Fastify said no'), { statusCode: status });
  });
  app.get('/crash', async () => {
    throw new Error('driver said: connection to 10.0.0.6:5432 refused');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('the error handler', () => {
  it('answers 405 method_not_allowed from the catalogue', async () => {
    const res = await app.inject({ url: '/status/405' });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toEqual({ code: 'method_not_allowed', message: 'Fastify said no' });
  });

  it.each([
    [400, 'bad_request'],
    [401, 'unauthenticated'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [413, 'payload_too_large'],
    [415, 'unsupported_media_type'],
    [418, 'bad_request'],
  ])('answers a %i with its catalogue code %s', async (status, code) => {
    const res = await app.inject({ url: `/status/${status}` });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    expect(ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE]).toBe(
      status === 418 ? 400 : status,
    );
  });

  it('words a route schema failure and a zod error thrown in a handler the same way', async () => {
    const query = '/?page=0&q=toolong&colour=red'.slice(1);
    const fromSchema = await app.inject({ url: `/validated${query}` });
    const fromHandler = await app.inject({ url: `/thrown${query}` });
    expect(fromSchema.statusCode).toBe(400);
    expect(fromHandler.statusCode).toBe(400);
    expect(fromSchema.json()).toEqual(fromHandler.json());
    const { code, message } = fromSchema.json();
    expect(code).toBe('bad_request');
    expect(message).toMatch(/^page: .+; q: .+; unknown parameter\(s\): colour$/);
  });

  it('names the body when the body itself is wrong', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/body',
      headers: { 'content-type': 'application/json' },
      payload: '[1]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body: /);
  });

  it('hands validated, converted values to the handler', async () => {
    const res = await app.inject({ url: '/validated?page=2&q=ok' });
    expect(res.json()).toEqual({ page: 2, q: 'ok' });
  });

  it('answers 500 without the cause, a stack or a host', async () => {
    const res = await app.inject({ url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('internal');
    expect(res.body).not.toMatch(/10\.0\.0\.6|5432|driver|at /);
  });
});
