import type LogtoClient from '@logto/browser';
import { consolePath } from '../../schemas/constants.ts';
import type { RuntimeConfig } from '../config.ts';

/** The sign-in client is loaded on demand so the first paint (the loading screen) does not wait for it. */
export function lazyLogtoClient(config: RuntimeConfig): () => Promise<LogtoClient> {
  let client: Promise<LogtoClient> | undefined;
  return () => (client ??= import('./logto.ts').then(({ createLogtoClient }) => createLogtoClient(config)));
}

export const hasSecureCrypto = () => typeof globalThis.crypto?.subtle !== 'undefined';

export const callbackUri = (origin: string) => `${origin}${consolePath}/callback`;
export const postSignOutUri = (origin: string) => `${origin}${consolePath}`;
