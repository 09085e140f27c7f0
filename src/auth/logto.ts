import LogtoClient, { Prompt } from '@logto/browser';
import type { RuntimeConfig } from '../config.ts';
import { signInResources, signInScopes } from './sign-in-config.ts';
import { recoverToken, type RecoveryOptions } from './token-recovery.ts';

export { Prompt };

/**
 * The sign-in client whose every access token (per resource, per organization, and their claims) is got through
 * `recoverToken`: a refresh that failed or was aborted is recovered before anything can start a new sign-in.
 */
class ConsoleLogtoClient extends LogtoClient {
  constructor(config: ConstructorParameters<typeof LogtoClient>[0], recovery?: RecoveryOptions) {
    super(config);
    // The SDK sets getAccessToken as a read-only field, and its organization token and claims getters call it.
    const fetchToken = this.getAccessToken;
    Object.assign(this, {
      getAccessToken: (resource?: string, organizationId?: string) =>
        recoverToken(() => fetchToken.call(this, resource, organizationId), () => this.getRefreshToken(), recovery),
    });
  }
}

export function createLogtoClient({ endpoint, appId, edition }: RuntimeConfig, recovery?: RecoveryOptions): LogtoClient {
  return new ConsoleLogtoClient(
    {
      endpoint,
      appId,
      scopes: signInScopes(edition),
      resources: signInResources(edition),
      prompt: [Prompt.Login, Prompt.Consent],
    },
    recovery,
  );
}
