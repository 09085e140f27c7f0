import { demoSocialBasePath, demoSocialConnectorId, demoSocialProvider, demoSocialTarget } from '../../../../social/demo.ts';
import type { ConnectorFactory } from '../../factory.ts';
import { providerRefusal, refused, succeeded } from './kit.ts';
import { factoryTexts } from './texts.ts';

const readme = `# Demo social

The built-in demo provider of this server (\`${demoSocialBasePath}/authorize\`). It asks no password: the person picks
one of two demo identities, **Demo User One** or **Demo User Two**, and comes back signed in.

- Works offline, with nothing to configure: use it to try social sign-in before you set up a real provider.
- Anyone can pick any identity, so its e-mail addresses are never treated as verified: a demo identity never links to
  an existing user by e-mail.
- Add it to the sign-in experience's social buttons to show **Continue with Demo social** on the sign-in page.
`;

/**
 * The demo provider (server/social/demo.ts) as a tenant's social connector. Its codes are single-use and bound to the
 * redirect URI; it lives on this server, whose address the callback URI carries.
 */
export const demoSocialFactory: ConnectorFactory = {
  info: {
    id: demoSocialConnectorId,
    type: 'Social',
    target: demoSocialTarget,
    platform: 'Universal',
    isStandard: false,
    isDemo: false,
    ...factoryTexts.demo,
    logo: `${demoSocialBasePath}/logo.svg`,
    logoDark: `${demoSocialBasePath}/logo-dark.svg`,
    readme,
    formItems: [],
  },
  checkConfig: (config) => ({ ok: true, config }),
  build: ({ db }) => ({
    authorizationUri: async ({ state, redirectUri }) => succeeded(demoSocialProvider(new URL(redirectUri).origin).authorizationUri({ state, redirectUri })),
    userInfo: async ({ data, redirectUri }) => {
      const refusal = providerRefusal(data);
      if (refusal) return refusal;
      if (!data.code) return refused('insufficient_request_parameters', 'The callback has no code.');
      const identity = await demoSocialProvider(new URL(redirectUri).origin).exchange(db, { code: data.code, redirectUri });
      if (!identity) return refused('social_auth_code_invalid', 'The demo code is unknown, used or expired.');
      const { name, email } = identity.details as { name: string; email: string };
      return succeeded({ id: identity.id, name, email, emailVerified: false, rawData: identity.details });
    },
  }),
};
