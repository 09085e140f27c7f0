import { resourceIndicators } from '#schemas/constants.ts';
import { signUp } from '#tests/support/oidc-client.ts';

/** A new account on the server, signed in as the console is, with its cloud API token and a way to create tenants. */
export const benchAccount = async (serverUrl: string, prefix: string) => {
  const account = { username: `${prefix}${Date.now().toString(36)}`, password: 'Bench!pass-9x' };
  const session = await signUp(serverUrl, account, { edition: 'cloud' });
  const cloudToken = await session.accessToken(resourceIndicators.cloud);
  /** A development tenant; answers its id. */
  const createTenant = async (name: string) => {
    const created = await fetch(`${serverUrl}/api/tenants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cloudToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name, tag: 'development', regionName: 'EU' }),
    });
    if (!created.ok) throw new Error(`creating a tenant failed: ${created.status} ${await created.text()}`);
    return ((await created.json()) as { id: string }).id;
  };
  return { account, session, cloudToken, createTenant };
};
