import LogtoClient, { Prompt } from '@logto/browser';
import type { RuntimeConfig } from '../config.ts';
import { signInResources, signInScopes } from './sign-in-config.ts';

export { Prompt };

export function createLogtoClient({ endpoint, appId, edition }: RuntimeConfig) {
  return new LogtoClient({
    endpoint,
    appId,
    scopes: signInScopes(edition),
    resources: signInResources(edition),
    prompt: [Prompt.Login, Prompt.Consent],
  });
}
