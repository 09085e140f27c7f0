import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { resourceIndicators, allScope } from '#schemas/constants.ts';
import { customDataPatchGuard } from '#schemas/preferences.ts';
import { meGuard } from '#schemas/user.ts';
import {
  linkSocialIdentityGuard,
  passwordBodyGuard,
  primaryEmailGuard,
  sendVerificationCodeGuard,
  socialAuthorizationUriResponseGuard,
  socialConnectorGuard,
  socialAuthorizationUriGuard,
  updateMeGuard,
  verifyVerificationCodeGuard,
} from '#schemas/profile.ts';
import { findUserById } from '../accounts/console-accounts.ts';
import { meUserAssetRoutes } from '../assets/user-assets.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { setPassword, verifyCurrentPassword } from '../me/password.ts';
import { setPrimaryEmail, toMe, updateProfile } from '../me/profile.ts';
import { sendVerificationCode, verifyCode } from '../me/verification.ts';
import { pickLocale } from '../pages/messages.ts';
import type { SocialConnectorProvider } from '../social/connectors.ts';
import { linkSocialIdentity, startSocialLink, unlinkSocialIdentity } from '../social/identities.ts';
import type { AuthEnv, createTokenGuard } from './auth.ts';
import { accountNotFound, answered } from './errors.ts';
import { meMessages } from './me-errors.ts';
import { meAccess } from './me-access.ts';
import { routerOf } from './route.ts';

export type MeRoutesOptions = {
  db: Db;
  tokenGuard: ReturnType<typeof createTokenGuard>;
  publicUrl: string;
  mailer: Mailer;
  socialProviders: SocialConnectorProvider[];
  /** Where new passwords are looked up among breached ones (config.ts). */
  breachedPasswordsUrl: string;
};


/** The Me API: the signed-in user's own profile, custom data, assets, password, e-mail and social identities. */
export const meRoutes = ({ db, tokenGuard, publicUrl, mailer, socialProviders, breachedPasswordsUrl }: MeRoutesOptions) => {
  const app = new Hono<AuthEnv>();
  app.use(tokenGuard(resourceIndicators.me, allScope));
  const routes = routerOf(app, meAccess);

  const currentUser = async (userId: string) => {
    const user = await findUserById(db, userId);
    if (!user) throw accountNotFound();
    return user;
  };

  routes.get('/', {
    scope: 'all',
    summary: 'The signed-in user.',
    response: meGuard,
  }, async (c) => c.json(toMe(await currentUser(c.get('auth').userId))));

  /** Exactly one of name, username or avatar. */
  routes.patch('/', {
    scope: 'all',
    summary: 'Change the name, username or avatar.',
    body: updateMeGuard,
    response: meGuard,
    errors: ['user.username_already_in_use'],
  }, async (c, { body: patch }) => {
    return c.json(toMe(answered(await updateProfile(db, c.get('auth').userId, patch), meMessages)));
  });

  /** Top-level keys are merged; each given key is replaced whole. */
  routes.patch('/custom-data', {
    scope: 'all',
    summary: 'Merge top-level keys into the custom data.',
    body: customDataPatchGuard,
    response: z.record(z.string(), z.unknown()),
  }, async (c, { body: patch }) => {
    const [row] = await db
      .update(users)
      .set({ customData: sql`${users.customData} || ${JSON.stringify(patch)}::jsonb` })
      .where(eq(users.id, c.get('auth').userId))
      .returning({ customData: users.customData });
    if (!row) throw accountNotFound();
    return c.json(row.customData);
  });

  app.route('/user-assets', meUserAssetRoutes(db, publicUrl));

  routes.post('/password/verify', {
    scope: 'all',
    summary: 'Verify the current password.',
    body: passwordBodyGuard,
    errors: ['user.invalid_password', 'user.too_many_attempts'],
  }, async (c, { body: { password } }) => {
    answered(await verifyCurrentPassword(db, c.get('auth').userId, password), meMessages);
    return c.body(null, 204);
  });

  routes.post('/password', {
    scope: 'all',
    summary: 'Set a new password; the other sign-ins end.',
    body: passwordBodyGuard,
    errors: ['user.verification_required', 'password.rejected'],
  }, async (c, { body: { password } }) => {
    const { userId, grantId } = c.get('auth');
    answered(await setPassword(db, { breachedPasswordsUrl }, { userId, password, currentGrantId: grantId }), meMessages);
    return c.body(null, 204);
  });

  routes.post('/verification-codes', {
    scope: 'all',
    summary: 'Mail a verification code to an e-mail address.',
    body: sendVerificationCodeGuard,
    errors: ['user.email_already_in_use', 'verification_code.too_many_requests'],
  }, async (c, { body: { email } }) => {
    answered(await sendVerificationCode(db, mailer, c.get('auth').userId, email, pickLocale(undefined, c.req.header('accept-language'))), meMessages);
    return c.body(null, 204);
  });

  routes.post('/verification-codes/verify', {
    scope: 'all',
    summary: 'Verify a code sent by mail.',
    body: verifyVerificationCodeGuard,
    errors: ['user.email_not_primary', 'verification_code.not_found', 'verification_code.expired', 'verification_code.exceed_max_try', 'verification_code.code_mismatch'],
  }, async (c, { body: input }) => {
    answered(await verifyCode(db, await currentUser(c.get('auth').userId), input), meMessages);
    return c.body(null, 204);
  });

  routes.patch('/primary-email', {
    scope: 'all',
    summary: 'Set the verified primary e-mail address.',
    body: primaryEmailGuard,
    response: meGuard,
    errors: ['user.verification_required', 'user.email_already_in_use'],
  }, async (c, { body: { email } }) => {
    return c.json(toMe(answered(await setPrimaryEmail(db, c.get('auth').userId, email), meMessages)));
  });

  routes.get('/social/connectors', {
    scope: 'all',
    summary: 'The social connectors that can be linked.',
    response: z.array(socialConnectorGuard),
  }, (c) => c.json(socialProviders.map((provider) => provider.connector)));

  routes.post('/social/authorization-uri', {
    scope: 'all',
    summary: 'Start linking a social identity.',
    body: socialAuthorizationUriGuard,
    response: socialAuthorizationUriResponseGuard,
    errors: ['connector.not_found', 'social.invalid_redirect_uri'],
  }, async (c, { body: input }) => {
    return c.json(answered(await startSocialLink(db, socialProviders, publicUrl, c.get('auth').userId, input), meMessages));
  });

  routes.post('/social/link-identity', {
    scope: 'all',
    summary: 'Link the social identity the connector answered with.',
    body: linkSocialIdentityGuard,
    response: meGuard,
    errors: ['connector.not_found', 'social.invalid_state', 'connector.social_auth_code_invalid', 'user.identity_already_in_use', 'auth.account_not_found'],
  }, async (c, { body: input }) => {
    return c.json(toMe(answered(await linkSocialIdentity(db, socialProviders, c.get('auth').userId, input), meMessages)));
  });

  routes.delete('/social/identity/:connectorId', {
    scope: 'all',
    summary: 'Unlink a social identity.',
    response: meGuard,
    errors: ['connector.not_found', 'user.identity_not_exist'],
  }, async (c, { params }) =>
    c.json(toMe(answered(await unlinkSocialIdentity(db, socialProviders, c.get('auth').userId, params.connectorId), meMessages))),
  );

  return app;
};
