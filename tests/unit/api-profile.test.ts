// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { i18n } from '@lingui/core';
import { messages } from '../../locales/en/messages.po';
import { accountDeletionBlockedDetailsGuard } from '#schemas/profile.ts';
import { tenants } from '#server/db/schema.ts';
import type { ConsoleSession } from '../support/oidc-client.ts';
import { readDevMailbox } from '../support/server.ts';
import { apiFailure, consoleApiClient } from '../support/console-api.ts';
import { signUpUser, startTestServer, type TestServer, type TestUser } from '../server/support.ts';

/** The console's profile functions (api.profile) against the real server: paths, tokens, bodies, shapes. */
let server: TestServer;
let user: TestUser;
let toasts: string[];

const clientOf = (session: ConsoleSession) => consoleApiClient(server.url, session, toasts);

const failure = apiFailure;

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  i18n.loadAndActivate({ locale: 'en', messages });
  toasts = [];
  server = await startTestServer('cloud');
  user = await signUpUser(server, 'profile');
}, 60_000);
afterAll(() => server?.close());

test('profile, avatar upload, password, e-mail and social linking through the console API', { timeout: 60_000 }, async () => {
  const { profile } = clientOf(user.session);
  expect(await profile.getMe()).toMatchObject({ id: user.id, primaryEmail: user.email, hasPassword: true });
  expect((await profile.updateMe({ name: 'Ada' })).name).toBe('Ada');

  expect(await profile.getUserAssetsServiceStatus()).toMatchObject({ status: 'ready', maxUploadFileSize: 500 * 1024 });
  const { url } = await profile.uploadUserAsset(new Blob([png], { type: 'image/png' }));
  expect((await fetch(url)).headers.get('content-type')).toBe('image/png');
  expect((await profile.updateMe({ avatar: url })).avatar).toBe(url);
  const aborted = new AbortController();
  aborted.abort();
  await failure(profile.uploadUserAsset(new Blob([png]), { signal: aborted.signal }));
  expect(toasts).toEqual([]);
  expect((await failure(profile.uploadUserAsset(new Blob(['text']), { suppressErrorCodes: ['guard.mime_type_not_allowed'] }))).code).toBe(
    'guard.mime_type_not_allowed',
  );
  expect(toasts).toEqual([]);

  expect(await profile.hasPassword()).toBe(true);
  await profile.verifyPassword('Correct-Horse-42');
  await profile.setPassword('Brand-New-Secret-7');
  expect((await failure(profile.setPassword('x', { hideErrorToast: true }))).code).toBe('password.rejected');

  const email = `new.${user.id}@example.com`;
  await profile.sendEmailVerificationCode(email);
  const [mail] = await readDevMailbox(server.devMailboxUrl, email);
  await profile.verifyEmailCode(email, /\b(\d{6})\b/.exec(mail!.text)![1]!);
  expect((await profile.setPrimaryEmail(email)).primaryEmail).toBe(email);

  const [connector] = await profile.listSocialConnectors();
  expect(connector).toMatchObject({ id: 'demo-social', target: 'demo' });
  const redirectUri = `${server.url}/console/handle-social`;
  const { redirectTo } = await profile.createSocialAuthorizationUri({ connectorId: 'demo-social', state: 'abcd1234', redirectUri });
  const page = await (await fetch(redirectTo)).text();
  expect(page).toContain('Continue as Demo User One');
  const chosen = await fetch(`${server.url}/social/demo/authorize`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ redirect_uri: redirectUri, state: 'abcd1234', identity: 'demo-user-1' }),
  });
  const callback = Object.fromEntries(new URL(chosen.headers.get('location')!).searchParams);
  expect((await profile.linkSocialIdentity({ connectorId: 'demo-social', connectorData: { ...callback, redirectUri } })).identities).toHaveProperty('demo');
  expect((await profile.unlinkSocialIdentity('demo-social')).identities).toEqual({});
  expect(toasts).toEqual([]);
});

test('account deletion: a blocked deletion carries its blockers and the request id; then the account is deleted', { timeout: 60_000 }, async () => {
  const owner = await signUpUser(server, 'owner');
  const api = clientOf(owner.session);
  const tenant = await api.tenants.createTenant({ name: 'Paid', tag: 'production' });
  await server.db.update(tenants).set({ planId: 'pro' }).where(eq(tenants.id, tenant.id));
  const error = await failure(api.profile.deleteAccount({ hideErrorToast: true }));
  expect(error.code).toBe('user.deletion_blocked');
  expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(accountDeletionBlockedDetailsGuard.parse(error.body?.details).tenants).toEqual([
    { tenantId: tenant.id, tenantName: 'Paid', blockers: ['paid_plan'] },
  ]);
  await server.db.update(tenants).set({ planId: 'free' }).where(eq(tenants.id, tenant.id));
  await api.profile.deleteAccount();
  expect(toasts).toEqual([]);
});
