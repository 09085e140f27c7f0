import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { resourceIndicators, allScope } from '../../schemas/constants.ts';
import { customDataPatchGuard } from '../../schemas/preferences.ts';
import {
  linkSocialIdentityGuard,
  passwordBodyGuard,
  primaryEmailGuard,
  sendVerificationCodeGuard,
  socialAuthorizationUriGuard,
  updateMeGuard,
  verifyVerificationCodeGuard,
} from '../../schemas/profile.ts';
import { findUserById } from '../accounts/users.ts';
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
import { accountNotFound, readJson } from './errors.ts';

export type MeRoutesOptions = {
  db: Db;
  tokenGuard: ReturnType<typeof createTokenGuard>;
  publicUrl: string;
  mailer: Mailer;
  socialProviders: SocialConnectorProvider[];
};

/** The Me API: the signed-in user's own profile, custom data, assets, password, e-mail and social identities. */
export const meRoutes = ({ db, tokenGuard, publicUrl, mailer, socialProviders }: MeRoutesOptions) => {
  const app = new Hono<AuthEnv>();
  app.use(tokenGuard(resourceIndicators.me, allScope));

  const currentUser = async (userId: string) => {
    const user = await findUserById(db, userId);
    if (!user) throw accountNotFound();
    return user;
  };

  app.get('/', async (c) => c.json(toMe(await currentUser(c.get('auth').userId))));

  /** Exactly one of name, username or avatar. */
  app.patch('/', async (c) => {
    const patch = await readJson(c, updateMeGuard);
    return c.json(toMe(await updateProfile(db, c.get('auth').userId, patch)));
  });

  /** Top-level keys are merged; each given key is replaced whole. */
  app.patch('/custom-data', async (c) => {
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

  app.post('/password/verify', async (c) => {
    const { password } = await readJson(c, passwordBodyGuard);
    await verifyCurrentPassword(db, c.get('auth').userId, password);
    return c.body(null, 204);
  });

  app.post('/password', async (c) => {
    const { password } = await readJson(c, passwordBodyGuard);
    await setPassword(db, c.get('auth').userId, password, c.get('auth').grantId);
    return c.body(null, 204);
  });

  app.post('/verification-codes', async (c) => {
    const { email } = await readJson(c, sendVerificationCodeGuard);
    await sendVerificationCode(db, mailer, c.get('auth').userId, email, pickLocale(undefined, c.req.header('accept-language')));
    return c.body(null, 204);
  });

  app.post('/verification-codes/verify', async (c) => {
    const input = await readJson(c, verifyVerificationCodeGuard);
    await verifyCode(db, await currentUser(c.get('auth').userId), input);
    return c.body(null, 204);
  });

  app.patch('/primary-email', async (c) => {
    const { email } = await readJson(c, primaryEmailGuard);
    return c.json(toMe(await setPrimaryEmail(db, c.get('auth').userId, email)));
  });

  app.get('/social/connectors', (c) => c.json(socialProviders.map((provider) => provider.connector)));

  app.post('/social/authorization-uri', async (c) => {
    const input = await readJson(c, socialAuthorizationUriGuard);
    return c.json(await startSocialLink(db, socialProviders, publicUrl, c.get('auth').userId, input));
  });

  app.post('/social/link-identity', async (c) => {
    const input = await readJson(c, linkSocialIdentityGuard);
    return c.json(toMe(await linkSocialIdentity(db, socialProviders, c.get('auth').userId, input)));
  });

  app.delete('/social/identity/:connectorId', async (c) =>
    c.json(toMe(await unlinkSocialIdentity(db, socialProviders, c.get('auth').userId, c.req.param('connectorId')))),
  );

  return app;
};
