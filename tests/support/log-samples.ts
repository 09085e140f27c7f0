import type { LogItem, LogPayload } from '#schemas/log.ts';
import { listItemOf, sampleUser } from './user-samples.ts';

export const annUser = { id: 'ann', name: 'Ann Lee', username: 'ann', primaryEmail: 'ann@example.test', primaryPhone: null };
/** Ann as the users API answers her (the user's layout, the user filter). */
export const ann = sampleUser('ann', annUser);
export const bob = sampleUser('bob', { username: 'bob', primaryEmail: 'bob@example.test' });
/** The users API's search, for the user filter: who matches what is typed. */
export const searchSampleUsers = async (_tenantId: string, { q = '' }: { q?: string }) => {
  const items = [ann, bob].filter((user) => [user.name, user.username, user.primaryEmail].some((value) => value?.includes(q))).map(listItemOf);
  return { items, total: items.length };
};
export const storefrontApp = { id: 'spa1', name: 'Storefront', type: 'SPA' };
export const nightlyApp = { id: 'm2m1', name: 'Nightly export', type: 'MachineToMachine' };

export const chromeOnMac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2_1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36';

type LogOverrides = Omit<Partial<LogItem>, 'payload'> & { payload?: Partial<LogPayload> };

/** A log as GET /logs answers it, for stories and UI tests: a successful step by nobody in particular unless told. */
export const sampleLog = (id: string, key: string, { payload, ...overrides }: LogOverrides = {}): LogItem => ({
  id,
  key,
  createdAt: '2026-11-20T09:30:00.000Z',
  payload: { key, result: 'Success', ip: '203.0.113.7', userAgent: chromeOnMac, ...payload },
  ...overrides,
});

/** Ann signs in to the storefront: a wrong password first, then the right one and the token. */
export const signInTrail = (): LogItem[] => {
  const ann = { user: annUser, application: storefrontApp };
  const by = { userId: annUser.id, applicationId: storefrontApp.id, sessionId: 'sess1' };
  return [
    sampleLog('log6', 'ExchangeTokenBy.AuthorizationCode', {
      ...ann,
      createdAt: '2026-11-20T09:31:05.000Z',
      payload: { ...by, params: { grant_type: 'authorization_code', scope: 'openid profile' } },
    }),
    sampleLog('log5', 'Interaction.End', { ...ann, createdAt: '2026-11-20T09:31:04.000Z', payload: by }),
    sampleLog('log4', 'Interaction.SignIn.Submit', { ...ann, createdAt: '2026-11-20T09:31:03.000Z', payload: by }),
    sampleLog('log3', 'Interaction.SignIn.Verification.Password.Submit', { ...ann, createdAt: '2026-11-20T09:31:02.000Z', payload: by }),
    sampleLog('log2', 'Interaction.SignIn.Verification.Password.Submit', {
      ...ann,
      createdAt: '2026-11-20T09:30:40.000Z',
      payload: { ...by, result: 'Error', error: { code: 'session.invalid_credentials', message: 'Wrong identifier or password.' } },
    }),
    sampleLog('log1', 'Interaction.Create', { application: storefrontApp, createdAt: '2026-11-20T09:30:30.000Z', payload: { applicationId: storefrontApp.id, sessionId: 'sess1' } }),
  ];
};

/** An administrator renamed Ann in the console. */
export const userUpdated = (): LogItem =>
  sampleLog('log7', 'Management.User.Updated', {
    user: annUser,
    createdAt: '2026-11-20T10:00:00.000Z',
    payload: {
      userId: annUser.id,
      targetId: annUser.id,
      actor: { type: 'ConsoleUser', id: 'u1', display: 'Ada' },
      changes: { name: { from: 'Ann', to: 'Ann Lee' }, password: { from: '[redacted]', to: '[redacted]' } },
    },
  });

/** An impersonation: a token exchanged for another with an access token as the subject. */
export const impersonation = (): LogItem =>
  sampleLog('log8', 'ExchangeTokenBy.TokenExchange', {
    user: annUser,
    application: nightlyApp,
    payload: {
      userId: annUser.id,
      applicationId: nightlyApp.id,
      params: { grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange', subject_token_type: 'urn:ietf:params:oauth:token-type:access_token' },
    },
  });

/** A machine-to-machine token of the nightly export. */
export const clientCredentials = (): LogItem =>
  sampleLog('log9', 'ExchangeTokenBy.ClientCredentials', { application: nightlyApp, payload: { applicationId: nightlyApp.id, userAgent: undefined } });

/** A log of a key this console does not know, by a user since deleted. */
export const unknownKeyByDeletedUser = (): LogItem =>
  sampleLog('log10', 'Interaction.SignIn.Verification.Passkey.Submit', { user: null, payload: { userId: 'gone' } });
