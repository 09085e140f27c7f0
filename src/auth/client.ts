import type LogtoClient from '@logto/browser';
import { consolePath } from '#schemas/constants.ts';
import type { RuntimeConfig } from '../config.ts';
import { createLogtoClient } from './logto.ts';

/**
 * The sign-in client, made on first use. Its code comes with the first screen: every start needs it (a chunk of its own
 * would be one more request before the session can start, behind a page's files when a page is opened directly).
 */
export function lazyLogtoClient(config: RuntimeConfig): () => Promise<LogtoClient> {
  let client: LogtoClient | undefined;
  return async () => (client ??= createLogtoClient(config));
}

export const hasSecureCrypto = () => typeof globalThis.crypto?.subtle !== 'undefined';

export const callbackUri = (origin: string) => `${origin}${consolePath}/callback`;
export const postSignOutUri = (origin: string) => `${origin}${consolePath}`;
