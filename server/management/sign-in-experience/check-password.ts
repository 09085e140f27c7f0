import { Hono } from 'hono';
import { checkPasswordBodyGuard, checkPasswordResultGuard, passwordIssue } from '#schemas/password-policy.ts';
import { routerOf } from '#server/api/route.ts';
import type { ServerConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { checkNewPassword } from '#server/passwords/new-password.ts';
import { passwordPolicyOf, userInfoOf } from '#server/tenant/users/domain.ts';
import type { ManagementEnv, ManagementKit } from '../kit.ts';
import { userOf } from '../users/user-errors.ts';

/**
 * POST /sign-in-exp/default/check-password (sign-in-experience.md §8): the policy tester of the console and a
 * compliance check for machines. The password is checked against `policy` (an unsaved draft) or the tenant's saved
 * one, breached passwords included, with `userInfo` over the info of the user `userId`; with neither, restricted
 * user info finds nothing. Nothing is stored or logged.
 */
export const checkPasswordRoutes = (db: Db, { access }: ManagementKit, config: Pick<ServerConfig, 'edition' | 'breachedPasswordsUrl'>) => {
  const app = new Hono<ManagementEnv>();
  const routes = routerOf(app, access);

  routes.post('/sign-in-exp/default/check-password', {
    scope: 'read:data',
    summary:
      "Check a password against the tenant's password policy, or the draft `policy`, as the user `userId` or the sample `userInfo` would set it: 200 `{ result: true }`, or 400 `{ result: false, issues: [{ code, interpolation? }] }`.",
    body: checkPasswordBodyGuard,
    response: checkPasswordResultGuard,
    errors: ['entity.not_exists_with_id'],
  }, async (c, { body: { password, userId, policy: draft, userInfo } }) => {
    const tenantId = c.var.tenant.id;
    const user = userId === undefined ? undefined : userInfoOf(await userOf(db, tenantId, userId));
    const policy = draft ?? (await passwordPolicyOf(db, tenantId, config.edition));
    const codes = await checkNewPassword(config, password, { ...user, ...userInfo }, policy);
    if (codes.length === 0) return c.json({ result: true });
    return c.json({ result: false, issues: codes.map((code) => passwordIssue(code, policy)) }, 400);
  });

  return app;
};
