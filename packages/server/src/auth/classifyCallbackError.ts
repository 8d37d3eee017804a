import type { SignInErrorCode } from '@docs-portal/contracts';
import * as client from 'openid-client';
import { PortalError } from '../errors/PortalError';
import { ProviderUnavailableError } from './OidcClients';
import { ClaimsRefusedError } from './signInUser';

/** How a failed sign-in callback ends: the login page's code, and what the log says about it. */
export interface CallbackFailure {
  /** Shown on the login page (`ui/login?error=<code>`). */
  code: SignInErrorCode;
  /** For operators: which part failed, in a stable word. */
  reason:
    | 'provider_unreachable'
    | 'provider_error'
    | 'grant_refused'
    | 'response_rejected'
    | 'claims_refused'
    | 'session_store_unavailable'
    | 'unexpected';
}

/** openid-client codes of a request that got no usable answer in time. */
const UNREACHABLE_CODES = new Set(['OAUTH_TIMEOUT', 'OAUTH_ABORT']);
/** openid-client codes of an answer the provider's server could not give properly. */
const HTTP_ANSWER_CODES = new Set(['OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON']);

/** The HTTP status of the answer an openid-client error carries, when it carries one. */
function answerStatus(error: client.ClientError): number | undefined {
  const cause: unknown = error.cause;
  return cause instanceof Response ? cause.status : undefined;
}

/**
 * Classifies why the code exchange of a sign-in callback failed, from openid-client 6's error
 * types and codes (never from message texts, which change between versions):
 * - the provider out of reach (network failure, timeout, a 5xx answer): `provider_unavailable`;
 * - the provider refusing the code (`invalid_grant`: expired or already used): `invalid_state`;
 * - anything the portal rejects in the answer (nonce, signature, claims): `sign_in_failed`.
 * The state parameter is checked by the callback itself before the exchange.
 */
export function classifyCallbackError(error: unknown): CallbackFailure {
  if (error instanceof ProviderUnavailableError) {
    return { code: 'provider_unavailable', reason: 'provider_unreachable' };
  }
  if (error instanceof ClaimsRefusedError) {
    return { code: 'sign_in_failed', reason: 'claims_refused' };
  }
  if (error instanceof PortalError) {
    return error.code === 'unavailable'
      ? { code: 'provider_unavailable', reason: 'session_store_unavailable' }
      : { code: 'sign_in_failed', reason: 'unexpected' };
  }
  if (error instanceof client.ResponseBodyError) {
    if (error.status >= 500) return { code: 'provider_unavailable', reason: 'provider_error' };
    if (error.error === 'invalid_grant') return { code: 'invalid_state', reason: 'grant_refused' };
    return { code: 'sign_in_failed', reason: 'grant_refused' };
  }
  if (error instanceof client.ClientError) {
    if (UNREACHABLE_CODES.has(error.code ?? '')) {
      return { code: 'provider_unavailable', reason: 'provider_unreachable' };
    }
    const status = answerStatus(error);
    if (HTTP_ANSWER_CODES.has(error.code ?? '') && status !== undefined && status >= 500) {
      return { code: 'provider_unavailable', reason: 'provider_error' };
    }
    return { code: 'sign_in_failed', reason: 'response_rejected' };
  }
  // fetch() fails with a plain TypeError when no answer came (refused, reset, DNS); the library's
  // own argument errors are TypeErrors too, but carry an ERR_ code.
  if (error instanceof TypeError && (error as { code?: unknown }).code === undefined) {
    return { code: 'provider_unavailable', reason: 'provider_unreachable' };
  }
  return { code: 'sign_in_failed', reason: 'unexpected' };
}
