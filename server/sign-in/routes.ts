import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { clientAddress, incomingOf } from '../net/client-address.ts';
import { signInFlowStore } from '../pages/sign-in-flow-store.ts';
import { grantConsent, signInPages } from '../pages/sign-in-pages.ts';
import { settingsOf } from '../tenant-runtime/clients.ts';
import { tenantBasePath, type TenantRuntimes } from '../tenant-runtime/provider.ts';
import { tenantAccounts } from '../tenant/users/sign-in.ts';
import { consentRequestOf } from './consent.ts';
import { signInExperienceOf, withApplicationOf } from './experience.ts';
import { customPhrasesOf } from '../tenant/sign-in-experience/cached.ts';
import { interactionLog } from './log.ts';
import { interactionHooks } from './hooks.ts';
import type { SecretsKey } from '../secrets-key.ts';
import { tenantCodes } from '../tenant/verification-codes/sign-in.ts';
import { tenantSocialSite } from './social.ts';

/** Where the Hono app serves the tenants' sign-in pages (tenant-runtime.md §4): its issuer's interactions.url. */
export const tenantSignInPath = '/t/:tenantId/sign-in';
export const tenantPagesPath = (tenantId: string) => `${tenantBasePath(tenantId)}/sign-in`;

/**
 * A tenant's sign-in pages at `{base}/sign-in/{uid}`: the first screen, `password` (sign in by username or e-mail)
 * and `register`, the verification codes through the tenant's connectors, on the console's own pages, with the tenant's provider, users and sign-in experience. First-party
 * apps get their consent without a page; third-party apps get a consent page (consent.ts). Each step is in the
 * tenant's audit log (log.ts).
 */
export const tenantSignInRoutes = (
  db: Db,
  runtimes: Pick<TenantRuntimes, 'providerOf'>,
  config: Pick<ServerConfig, 'trustProxy' | 'edition' | 'breachedPasswordsUrl' | 'publicUrl'> & { secretsKey: SecretsKey },
) => {
  const { trustProxy, edition, secretsKey } = config;
  return signInPages(
    async (c) => {
      const tenantId = c.req.param('tenantId') ?? '';
      const provider = await runtimes.providerOf(tenantId);
      if (!provider) return undefined;
      const [experience, customPhrases] = await Promise.all([signInExperienceOf(db, tenantId, edition), customPhrasesOf(db, tenantId)]);
      const client = clientAddress(incomingOf(c.env), c.req.raw.headers, trustProxy);
      return {
        provider,
        accounts: tenantAccounts(db, tenantId, experience, client),
        codes: tenantCodes(db, tenantId, secretsKey, client ?? ''),
        flows: signInFlowStore(db, tenantId),
        passwords: config,
        experience,
        // The tenant's settings are read once per request: the app's experience goes over the one read above.
        experienceOf: (clientId) => withApplicationOf(db, tenantId, clientId, experience),
        customPhrases,
        pagePath: (uid) => `${tenantPagesPath(tenantId)}/${uid}`,
        titles: (t, { app }) => ({ signIn: app?.displayName ? t.signInToApp(app.displayName) : t.appSignInTitle, signUp: t.appSignUpTitle }),
        expired: (t) => ({ message: t.appInteractionExpired }),
        // A first-party app is asked when it sends prompt=consent, as the SDKs do; a third-party app always.
        consent: async (c, interaction) => {
          const app = await provider.Client.find(String(interaction.params.client_id));
          if (!app) return undefined;
          return settingsOf(app).isThirdParty ? consentRequestOf(db, tenantId, app, interaction) : grantConsent(c, provider, interaction);
        },
        log: interactionLog(db, tenantId, trustProxy),
        hooks: interactionHooks(db, tenantId, trustProxy),
        social: tenantSocialSite(db, tenantId, config.publicUrl),
      };
    },
    { signIn: 'password', signUp: 'register' },
  );
};
