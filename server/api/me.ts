import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { resourceIndicators, allScope } from '../../schemas/constants.ts';
import { customDataPatchGuard } from '../../schemas/preferences.ts';
import type { Me } from '../../schemas/user.ts';
import { findUserById, type User } from '../accounts/users.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { AuthEnv, createTokenGuard } from './auth.ts';
import { accountNotFound, readJson } from './errors.ts';

const toMe = (user: User): Me => ({
  id: user.id,
  username: user.username,
  primaryEmail: user.primaryEmail,
  primaryPhone: user.primaryPhone,
  name: user.name,
  avatar: user.avatar,
  hasPassword: Boolean(user.passwordHash),
  identities: user.identities,
  customData: user.customData,
});

/** The Me API: the signed-in user's own profile and custom data. */
export const meRoutes = (db: Db, tokenGuard: ReturnType<typeof createTokenGuard>) => {
  const app = new Hono<AuthEnv>();
  app.use(tokenGuard(resourceIndicators.me, allScope));

  app.get('/', async (c) => {
    const user = await findUserById(db, c.get('auth').userId);
    if (!user) throw accountNotFound();
    return c.json(toMe(user));
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

  return app;
};
