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
import { accountNotFound, answered, readJson } from './errors.ts';
import { meMessages } from './me-errors.ts';
import { describe, describing, securedBy } from './openapi.ts';

export type MeRoutesOptions = {
  db: Db;
  tokenGuard: ReturnType<typeof createTokenGuard>;
  publicUrl: string;
  mailer: Mailer;
  socialProviders: SocialConnectorProvider[];
};

/** What the API document says of each route below (server/api/openapi.ts); the token guard gives them all their scope. */
const documented = {
  get: describe({ summary: 'The signed-in user.', response: meGuard }),
  patch: describe({
    summary: 'Change the name, username or avatar.',
    body: updateMeGuard,
    response: meGuard,
    errors: { 422: ['user.username_already_in_use'] },
  }),
  customData: describe({
    summary: 'Merge top-level keys into the custom data.',
    body: customDataPatchGuard,
    response: z.record(z.string(), z.unknown()),
  }),
  verifyPassword: describe({
    summary: 'Verify the current password.',
    body: passwordBodyGuard,
    errors: { 422: ['user.invalid_password'], 429: ['user.too_many_attempts'] },
  }),
  setPassword: describe({
    summary: 'Set a new password; the other sign-ins end.',
    body: passwordBodyGuard,
    errors: { 403: ['user.verification_required'], 422: ['password.rejected'] },
  }),
  sendCode: describe({
    summary: 'Mail a verification code to an e-mail address.',
    body: sendVerificationCodeGuard,
    errors: { 429: ['verification_code.too_many_requests'] },
  }),
  verifyCode: describe({ summary: 'Verify a code sent by mail.', body: verifyVerificationCodeGuard }),
  primaryEmail: describe({
    summary: 'Set the verified primary e-mail address.',
    body: primaryEmailGuard,
    response: meGuard,
    errors: { 403: ['user.verification_required'], 422: ['user.email_already_in_use'] },
  }),
  connectors: describe({ summary: 'The social connectors that can be linked.', response: z.array(socialConnectorGuard) }),
  authorizationUri: describe({
    summary: 'Start linking a social identity.',
    body: socialAuthorizationUriGuard,
    response: socialAuthorizationUriResponseGuard,
    errors: { 404: ['connector.not_found'] },
  }),
  linkIdentity: describe({
    summary: 'Link the social identity the connector answered with.',
    body: linkSocialIdentityGuard,
    response: meGuard,
    errors: { 400: ['social.invalid_state', 'connector.social_auth_code_invalid'], 422: ['user.identity_already_in_use'] },
  }),
  unlinkIdentity: describe({ summary: 'Unlink a social identity.', response: meGuard, errors: { 404: ['user.identity_not_exist'] } }),
};

/** The Me API: the signed-in user's own profile, custom data, assets, password, e-mail and social identities. */
export const meRoutes = ({ db, tokenGuard, publicUrl, mailer, socialProviders }: MeRoutesOptions) => {
  const app = new Hono<AuthEnv>();
  app.use(describing(tokenGuard(resourceIndicators.me, allScope), securedBy('me', allScope)));

  const currentUser = async (userId: string) => {
    const user = await findUserById(db, userId);
    if (!user) throw accountNotFound();
    return user;
  };

  app.get('/', documented.get, async (c) => c.json(toMe(await currentUser(c.get('auth').userId))));

  /** Exactly one of name, username or avatar. */
  app.patch('/', documented.patch, async (c) => {
    const patch = await readJson(c, updateMeGuard);
    return c.json(toMe(answered(await updateProfile(db, c.get('auth').userId, patch), meMessages)));
  });

  /** Top-level keys are merged; each given key is replaced whole. */
  app.patch('/custom-data', documented.customData, async (c) => {
    const patch = await readJson(c, customDataPatchGuard);
    const [row] = await db
      .update(users)
      .set({ customData: sql`${users.customData} || ${JSON.stringify(patch)}::jsonb` })
      .where(eq(users.id, c.get('auth').userId))
      .returning({ customData: users.customData });
    if (!row) throw accountNotFound();
    return c.json(row.customData);
  });

  app.route('/user-assets', meUserAssetRoutes(db, publicUrl));

  app.post('/password/verify', documented.verifyPassword, async (c) => {
    const { password } = await readJson(c, passwordBodyGuard);
    answered(await verifyCurrentPassword(db, c.get('auth').userId, password), meMessages);
    return c.body(null, 204);
  });

  app.post('/password', documented.setPassword, async (c) => {
    const { password } = await readJson(c, passwordBodyGuard);
    answered(await setPassword(db, c.get('auth').userId, password, c.get('auth').grantId), meMessages);
    return c.body(null, 204);
  });

  app.post('/verification-codes', documented.sendCode, async (c) => {
    const { email } = await readJson(c, sendVerificationCodeGuard);
    const locale = pickLocale(undefined, c.req.header('accept-language'));
    answered(await sendVerificationCode(db, mailer, c.get('auth').userId, email, locale), meMessages);
    return c.body(null, 204);
  });

  app.post('/verification-codes/verify', documented.verifyCode, async (c) => {
    const input = await readJson(c, verifyVerificationCodeGuard);
    answered(await verifyCode(db, await currentUser(c.get('auth').userId), input), meMessages);
    return c.body(null, 204);
  });

  app.patch('/primary-email', documented.primaryEmail, async (c) => {
    const { email } = await readJson(c, primaryEmailGuard);
    return c.json(toMe(answered(await setPrimaryEmail(db, c.get('auth').userId, email), meMessages)));
  });

  app.get('/social/connectors', documented.connectors, (c) => c.json(socialProviders.map((provider) => provider.connector)));

  app.post('/social/authorization-uri', documented.authorizationUri, async (c) => {
    const input = await readJson(c, socialAuthorizationUriGuard);
    return c.json(answered(await startSocialLink(db, socialProviders, publicUrl, c.get('auth').userId, input), meMessages));
  });

  app.post('/social/link-identity', documented.linkIdentity, async (c) => {
    const input = await readJson(c, linkSocialIdentityGuard);
    return c.json(toMe(answered(await linkSocialIdentity(db, socialProviders, c.get('auth').userId, input), meMessages)));
  });

  app.delete('/social/identity/:connectorId', documented.unlinkIdentity, async (c) =>
    c.json(toMe(answered(await unlinkSocialIdentity(db, socialProviders, c.get('auth').userId, c.req.param('connectorId')), meMessages))),
  );

  return app;
};
