import type Provider from 'oidc-provider';
import { adminConsoleAppId, adminTenantId, consolePath } from '#schemas/constants.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createAccount, isSignUpOpen, signInWithPassword } from '../accounts/console-accounts.ts';
import { defaultSignInExperience, type SignInExperience } from './experience.ts';
import { registerWithinLimit } from '../accounts/rate-limit.ts';
import { clientAddress, incomingOf } from '../net/client-address.ts';
import { signInFlowStore } from './sign-in-flow-store.ts';
import { grantConsent, signInPages } from './sign-in-pages.ts';
import type { Ctx, SignInSite } from './sign-in-site.ts';

/** Sign-in, sign-up and the first-party consent of the console: the pages its issuer at /oidc sends the browser to. */
export const interactionRoutes = (provider: Provider, db: Db, config: ServerConfig) => {
  const consoleUrl = `${config.publicUrl}${consolePath}`;

  /** Once the self-hosted console has its admin, its sign-up is closed, and the sign-in page says so. */
  const closedSignUp: SignInExperience = {
    ...defaultSignInExperience,
    settings: { ...defaultSignInExperience.settings, signInMode: 'SignIn' },
    signUp: { ...defaultSignInExperience.signUp, enabled: false, closedNotice: (t) => t.signUpClosed },
  };
  /** The console's accounts, for a request from `client` (its address, whose registrations are limited). */
  const accountsFor = (client: string | undefined): SignInSite['accounts'] => ({
    signIn: async (identifier, password) => {
      const result = await signInWithPassword(db, identifier, password);
      return result.ok ? { ok: true, accountId: result.user.id } : result;
    },
    signUp: (account) =>
      registerWithinLimit(db, `console:register:${client ?? ''}`, async () => {
        const result = await createAccount(db, account, config.edition);
        return result.ok ? { ok: true, accountId: result.user.id } : result;
      }),
  });
  const consoleSite: Omit<SignInSite, 'accounts'> = {
    provider,
    flows: signInFlowStore(db, adminTenantId),
    passwords: config,
    experience: defaultSignInExperience,
    pagePath: (uid) => `/interaction/${uid}`,
    titles: (t) => ({ signIn: t.signInTitle, signUp: t.signUpTitle }),
    expired: (t) => ({ message: t.interactionExpired, link: consoleUrl }),
    // The console is first-party: its login answers its consent prompt at once (server/oidc/console-grant.ts), and a
    // consent asked for alone is granted without a page.
    consentWithLogin: true,
    consent: async (c, interaction) => (interaction.params.client_id === adminConsoleAppId ? grantConsent(c, provider, interaction) : undefined),
  };
  const site = async (c: Ctx): Promise<SignInSite> => ({
    ...consoleSite,
    accounts: accountsFor(clientAddress(incomingOf(c.env), c.req.raw.headers, config.trustProxy)),
    experience: (await isSignUpOpen(db, config.edition)) ? defaultSignInExperience : closedSignUp,
  });
  return signInPages(site, { signIn: 'sign-in', signUp: 'sign-up' });
};
