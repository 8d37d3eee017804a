import * as client from 'openid-client';
import type { IdentityProviderConfig } from '../config/schema';

/** The two sign-in paths of SPEC.md: customer/partner single sign-on and employee sign-in. */
export type ProviderName = 'salesforce' | 'employee';
export const PROVIDER_NAMES: readonly ProviderName[] = ['salesforce', 'employee'];

/** The identity provider could not be reached or answered nonsense at discovery. */
export class ProviderUnavailableError extends Error {
  constructor(provider: ProviderName, cause: unknown) {
    super(
      `identity provider "${provider}" is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'ProviderUnavailableError';
  }
}

/**
 * OpenID Connect client configurations, discovered lazily and cached; a failed discovery is not
 * cached, so sign-in recovers by itself once the provider is back.
 */
export class OidcClients {
  private readonly discovered = new Map<ProviderName, client.Configuration>();

  constructor(
    readonly settings: Record<ProviderName, IdentityProviderConfig>,
    private readonly options: { allowHttp: boolean; timeoutSeconds?: number },
  ) {}

  /** The discovered configuration of `name`. @throws ProviderUnavailableError */
  async get(name: ProviderName): Promise<client.Configuration> {
    const cached = this.discovered.get(name);
    if (cached) return cached;
    const s = this.settings[name];
    const issuer = new URL(s.issuer);
    try {
      const configuration = await client.discovery(
        issuer,
        s.clientId,
        undefined,
        client.ClientSecretBasic(s.clientSecret),
        {
          timeout: this.options.timeoutSeconds ?? 5,
          execute:
            this.options.allowHttp && issuer.protocol === 'http:'
              ? [client.allowInsecureRequests]
              : [],
        },
      );
      this.discovered.set(name, configuration);
      return configuration;
    } catch (error) {
      throw new ProviderUnavailableError(name, error);
    }
  }
}
