import { UserKindSchema } from '@docs-portal/contracts';
import type { IdentityProviderConfig } from '../config/schema';
import type { SessionUser } from '../sessions/SessionService';
import type { ProviderName } from './OidcClients';

/** The provider's claims do not make an acceptable reader (e.g. a kind this path may not sign in). */
export class ClaimsRefusedError extends Error {
  override name = 'ClaimsRefusedError';
}

function claimString(claims: Record<string, unknown>, name: string): string | undefined {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : undefined;
}

/**
 * Builds the session's reader from ID-token (and userinfo) claims using the configured claim names.
 * @throws ClaimsRefusedError when the kind claim names a kind this provider may not sign in.
 */
export function signInUser(
  provider: ProviderName,
  settings: IdentityProviderConfig,
  claims: Record<string, unknown>,
): SessionUser {
  const sub = claimString(claims, 'sub');
  if (!sub) throw new ClaimsRefusedError('the identity provider sent no subject');
  const email = claimString(claims, settings.claims.email) ?? '';
  const displayName = claimString(claims, settings.claims.displayName) ?? (email || sub);
  const claimedKind = claimString(claims, settings.claims.kind);
  let kind = settings.defaultKind;
  if (claimedKind !== undefined) {
    const parsed = UserKindSchema.safeParse(claimedKind.toLowerCase());
    if (!parsed.success || !settings.allowedKinds.includes(parsed.data)) {
      throw new ClaimsRefusedError(`kind "${claimedKind}" may not sign in through ${provider}`);
    }
    kind = parsed.data;
  }
  return { sub, provider, displayName, email, kind };
}
