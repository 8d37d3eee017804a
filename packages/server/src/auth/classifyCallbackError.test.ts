import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalError } from '../errors/PortalError';
import { freePort } from '../../test/portalHarness';
import { classifyCallbackError } from './classifyCallbackError';
import { ProviderUnavailableError } from './OidcClients';
import { ClaimsRefusedError } from './signInUser';

/** How the token endpoint of the test provider answers. */
let tokenAnswer: (res: ServerResponse) => void = () => {};
let provider: Server;
let origin: string;

beforeAll(async () => {
  provider = createServer((req, res) => {
    if (req.url === '/token') tokenAnswer(res);
    else res.writeHead(404).end();
  });
  provider.listen(0, '127.0.0.1');
  await once(provider, 'listening');
  origin = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});

afterAll(async () => {
  provider.closeAllConnections();
  provider.close();
});

/** What openid-client throws when the portal exchanges a code at `tokenEndpoint`. */
async function exchangeError(tokenEndpoint: string, timeoutSeconds = 5): Promise<unknown> {
  const configuration = new client.Configuration(
    { issuer: origin, token_endpoint: tokenEndpoint },
    'portal',
    'secret',
  );
  client.allowInsecureRequests(configuration);
  configuration.timeout = timeoutSeconds;
  try {
    await client.authorizationCodeGrant(
      configuration,
      new URL('http://portal.test/cb?code=abc&state=s1'),
      { expectedState: 's1', pkceCodeVerifier: 'v'.repeat(43), idTokenExpected: true },
    );
  } catch (error) {
    return error;
  }
  throw new Error('the exchange succeeded');
}

describe('classifyCallbackError, with the errors openid-client really throws', () => {
  it('calls a refused connection provider_unavailable', async () => {
    const closed = await freePort();
    const error = await exchangeError(`http://127.0.0.1:${closed}/token`);
    expect(classifyCallbackError(error)).toEqual({
      code: 'provider_unavailable',
      reason: 'provider_unreachable',
    });
  });

  it('calls a token endpoint that does not answer in time provider_unavailable', async () => {
    tokenAnswer = () => {};
    const error = await exchangeError(`${origin}/token`, 0.3);
    expect(classifyCallbackError(error).code).toBe('provider_unavailable');
  });

  it('calls a 503 page of the provider provider_unavailable', async () => {
    tokenAnswer = (res) => res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>down</h1>');
    const error = await exchangeError(`${origin}/token`);
    expect(classifyCallbackError(error)).toEqual({
      code: 'provider_unavailable',
      reason: 'provider_error',
    });
  });

  it('calls a code the provider refuses (expired or used) invalid_state', async () => {
    tokenAnswer = (res) =>
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'invalid_grant', error_description: 'code already used' }));
    const error = await exchangeError(`${origin}/token`);
    expect(classifyCallbackError(error)).toEqual({
      code: 'invalid_state',
      reason: 'grant_refused',
    });
  });

  it('calls an answer the portal cannot accept sign_in_failed', async () => {
    tokenAnswer = (res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ access_token: 'a', token_type: 'bearer' }));
    const error = await exchangeError(`${origin}/token`);
    expect(error).toBeInstanceOf(client.ClientError);
    expect(classifyCallbackError(error)).toEqual({
      code: 'sign_in_failed',
      reason: 'response_rejected',
    });
  });

  it('tells the portal’s own failures apart', () => {
    expect(
      classifyCallbackError(new ProviderUnavailableError('employee', new Error('x'))).code,
    ).toBe('provider_unavailable');
    expect(classifyCallbackError(new ClaimsRefusedError('kind')).code).toBe('sign_in_failed');
    expect(classifyCallbackError(new PortalError('unavailable', 'Sessions are down.'))).toEqual({
      code: 'provider_unavailable',
      reason: 'session_store_unavailable',
    });
    expect(classifyCallbackError(new Error('contains "state" in its text')).code).toBe(
      'sign_in_failed',
    );
  });
});
