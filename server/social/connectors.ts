import type { SocialConnector } from '#schemas/profile.ts';
import type { Db } from '../db/client.ts';

/** What a provider says about the person who signed in there; stored under the connector's target. */
export type SocialIdentity = { id: string; details: Record<string, unknown> };

/** A social connector the Me API can link identities of. */
export type SocialConnectorProvider = {
  connector: SocialConnector;
  /** Where the popup goes; the provider comes back to redirectUri with code and state. */
  authorizationUri: (input: { state: string; redirectUri: string }) => string;
  /** Exchanges the callback's query parameters (plus redirectUri) for the identity; undefined when they are not valid. */
  exchange: (tx: Db, data: Record<string, string>) => Promise<SocialIdentity | undefined>;
};

/** Only addresses of this server are accepted as redirect URIs (the console's /handle-social). */
export const isOwnUrl = (publicUrl: string, value: string) => {
  try {
    return new URL(value).origin === publicUrl;
  } catch {
    return false;
  }
};

/** `url` with `params` added to its query. */
export const withQuery = (url: string, params: Record<string, string>) => {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.href;
};
