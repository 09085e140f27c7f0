import { defaultSignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import type { Db } from '#server/db/client.ts';
import * as connectorStore from '#server/tenant/connectors/store.ts';
import * as consentStore from '#server/tenant/consent/store.ts';
import * as applicationStore from '#server/tenant/applications/store.ts';
import * as resourceStore from '#server/tenant/resources/store.ts';
import * as roleStore from '#server/tenant/roles/store.ts';
import * as runtimeStore from '#server/tenant-runtime/store.ts';
import * as signInUserStore from '#server/tenant/users/sign-in-store.ts';
import * as userStore from '#server/tenant/users/store.ts';
import * as logStore from '#server/tenant/logs/record.ts';
import * as auditLogStore from '#server/tenant/logs/store.ts';
import * as signInExperienceStore from '#server/tenant/sign-in-experience/store.ts';
import * as signingKeyStore from '#server/tenant/signing-keys/store.ts';
import * as codeStore from '#server/tenant/verification-codes/store.ts';
import * as hookStore from '#server/tenant/hooks/store.ts';
import * as hookLogStore from '#server/tenant/hooks/log-store.ts';

/** Each store function of the identity service called once with the tenant under check: a new one must be added here. */
export const tenantId = 'tenant_checked';

type Calls<Store> = { [Name in keyof Store]: (db: Db) => Promise<unknown> };

const page = { limit: 5, offset: 0, q: 'a' };
const resourceCalls: Calls<typeof resourceStore> = {
  managementApiResourceId: async () => undefined,
  managementApiScopeId: async () => undefined,
  listResources: (db) => resourceStore.listResources(db, tenantId, page),
  findResource: (db) => resourceStore.findResource(db, tenantId, 'r1'),
  scopesOfResources: (db) => resourceStore.scopesOfResources(db, tenantId, ['r1']),
  insertResource: (db) => resourceStore.insertResource(db, tenantId, { name: 'A', indicator: 'https://a.example.test' }),
  updateResource: (db) => resourceStore.updateResource(db, tenantId, 'r1', { name: 'B' }),
  setDefaultResource: (db) => resourceStore.setDefaultResource(db, tenantId, 'r1', true),
  deleteResource: (db) => resourceStore.deleteResource(db, tenantId, 'r1'),
  countResources: (db) => resourceStore.countResources(db, tenantId),
  countScopesPerResource: (db) => resourceStore.countScopesPerResource(db, tenantId, 'r1'),
  listScopes: (db) => resourceStore.listScopes(db, tenantId, 'r1', page),
  findScope: (db) => resourceStore.findScope(db, tenantId, 'r1', 's1'),
  insertScope: (db) => resourceStore.insertScope(db, tenantId, resourceStore.managementApiResourceId, { name: 'x' }),
  updateScope: (db) => resourceStore.updateScope(db, tenantId, 'r1', 's1', { description: 'd' }),
  deleteScope: (db) => resourceStore.deleteScope(db, tenantId, 'r1', 's1'),
};

const applicationCalls: Calls<typeof applicationStore> = {
  toApplication: async () => undefined,
  listApplications: (db) => applicationStore.listApplications(db, tenantId, page, { types: ['SPA'], isThirdParty: false, roleId: 'r1', excludeRoleId: 'r2' }),
  findApplication: (db) => applicationStore.findApplication(db, tenantId, 'a1'),
  findApplications: (db) => applicationStore.findApplications(db, tenantId, ['a1', 'a2']),
  insertApplication: (db) => applicationStore.insertApplication(db, tenantId, { name: 'A', type: 'SPA' }),
  updateApplication: (db) => applicationStore.updateApplication(db, tenantId, 'a1', { name: 'B' }),
  deleteApplication: (db) => applicationStore.deleteApplication(db, tenantId, 'a1'),
  countApplications: (db) => applicationStore.countApplications(db, tenantId, { type: 'MachineToMachine', isThirdParty: false }),
  listSecrets: (db) => applicationStore.listSecrets(db, tenantId, 'a1', page),
  insertSecret: (db) => applicationStore.insertSecret(db, tenantId, 'app_kept', { name: 'S', expiresAt: null }),
  renameSecret: (db) => applicationStore.renameSecret(db, tenantId, 'a1', 'S', 'T'),
  deleteSecret: (db) => applicationStore.deleteSecret(db, tenantId, 'a1', 'S'),
  findLiveSecretHashes: (db) => applicationStore.findLiveSecretHashes(db, tenantId, 'a1'),
  isLiveSecret: (db) => applicationStore.isLiveSecret(db, tenantId, 'app_kept', 'value'),
  findSignInExperience: (db) => applicationStore.findSignInExperience(db, tenantId, 'a1'),
  upsertSignInExperience: (db) =>
    applicationStore.upsertSignInExperience(db, tenantId, 'app_kept', {
      color: { primaryColor: '#123456', darkPrimaryColor: null },
      branding: { logoUrl: null, darkLogoUrl: null },
      termsOfUseUrl: null,
      privacyPolicyUrl: null,
      displayName: 'App',
    }),
};

const consentCalls: Calls<typeof consentStore> = {
  findUserConsentScopes: (db) => consentStore.findUserConsentScopes(db, tenantId, 'a1'),
  linkUserConsentScopes: (db) => consentStore.linkUserConsentScopes(db, tenantId, 'app_kept', ['email'], [resourceStore.managementApiScopeId]),
  unlinkUserConsentUserScope: (db) => consentStore.unlinkUserConsentUserScope(db, tenantId, 'a1', 'email'),
  unlinkUserConsentResourceScope: (db) => consentStore.unlinkUserConsentResourceScope(db, tenantId, 'a1', 's1'),
  endUserConsentGrants: (db) => consentStore.endUserConsentGrants(db, tenantId, 'a1'),
};

const roleCalls: Calls<typeof roleStore> = {
  listRoles: (db) => roleStore.listRoles(db, tenantId, page, { type: 'User', excludeUserId: 'u1', excludeApplicationId: 'a1', applicationId: 'a2', userId: 'u3' }),
  findRole: (db) => roleStore.findRole(db, tenantId, 'r1'),
  findRoles: (db) => roleStore.findRoles(db, tenantId, ['r1', 'r2']),
  insertRole: (db) => roleStore.insertRole(db, tenantId, { name: 'R', description: 'D', type: 'User', isDefault: false }),
  updateRole: (db) => roleStore.updateRole(db, tenantId, 'r1', { description: 'E' }),
  deleteRole: (db) => roleStore.deleteRole(db, tenantId, 'r1'),
  countRoles: (db) => roleStore.countRoles(db, tenantId, 'User'),
  countScopesPerRole: (db) => roleStore.countScopesPerRole(db, tenantId, 'r1'),
  findScopes: (db) => roleStore.findScopes(db, tenantId, ['s1']),
  listRoleScopes: (db) => roleStore.listRoleScopes(db, tenantId, 'r1', page),
  linkedScopeIds: (db) => roleStore.linkedScopeIds(db, tenantId, 'r1', ['s1']),
  linkRoleScopes: (db) => roleStore.linkRoleScopes(db, tenantId, 'role_kept', [resourceStore.managementApiScopeId]),
  unlinkRoleScope: (db) => roleStore.unlinkRoleScope(db, tenantId, 'r1', 's1'),
  linkApplicationsRoles: (db) => roleStore.linkApplicationsRoles(db, tenantId, [{ applicationId: 'app_kept', roleId: 'role_kept' }]),
  unlinkApplicationRolesBut: (db) => roleStore.unlinkApplicationRolesBut(db, tenantId, 'a1', ['r1']),
  unlinkApplicationRole: (db) => roleStore.unlinkApplicationRole(db, tenantId, 'a1', 'r1'),
  listRoleUsers: (db) => roleStore.listRoleUsers(db, tenantId, 'r1', page),
  findUserIds: (db) => roleStore.findUserIds(db, tenantId, ['u1']),
  linkUsersRole: (db) => roleStore.linkUsersRole(db, tenantId, 'role_kept', ['user_kept']),
  unlinkUserRole: (db) => roleStore.unlinkUserRole(db, tenantId, 'r1', 'u1'),
};

const userCalls: Calls<typeof userStore> = {
  userListColumns: async () => undefined,
  toListItem: async () => undefined,
  toTenantUser: async () => undefined,
  toMfaVerification: async () => undefined,
  identitiesOf: async () => undefined,
  countUsers: (db) => userStore.countUsers(db, tenantId),
  // Past the last page, so that each of the totals is counted.
  listUsers: async (db) => {
    const past = { ...page, offset: 5 };
    await userStore.listUsers(db, tenantId, past, { isSuspended: true, excludeRoleId: 'r1' });
    await userStore.listUsers(db, tenantId, { ...past, q: undefined }, { isSuspended: false });
  },
  insertUser: (db) => userStore.insertUser(db, tenantId, { username: 'signed_up', passwordEncrypted: 'x', passwordEncryptionMethod: 'Argon2id' }),
  updateUser: (db) => userStore.updateUser(db, tenantId, 'u1', { name: 'N' }),
  deleteUser: (db) => userStore.deleteUser(db, tenantId, 'u1'),
  findIdentityHolder: (db) => userStore.findIdentityHolder(db, tenantId, 'github', '42', 'u1'),
  userRoleIds: (db) => userStore.userRoleIds(db, tenantId, 'u1'),
  linkUserRoles: (db) => userStore.linkUserRoles(db, tenantId, 'user_kept', ['role_kept']),
  unlinkUserRolesBut: (db) => userStore.unlinkUserRolesBut(db, tenantId, 'u1', ['r1']),
  endUserSessions: (db) => userStore.endUserSessions(db, tenantId, 'u1'),
};

/** The tenant issuer's reads (and its key and usage writes). */
const runtimeCalls: Calls<typeof runtimeStore> = {
  findRuntimeTenant: (db) => runtimeStore.findRuntimeTenant(db, tenantId),
  listKeys: (db) => runtimeStore.listKeys(db, tenantId),
  insertKeys: (db) => runtimeStore.insertKeys(db, tenantId, [{ id: 'k1', kind: 'cookie', privateKey: { k: 'x' }, status: 'current' }]),
  retireSigningKeys: (db) => runtimeStore.retireSigningKeys(db, tenantId),
  bumpRuntimeVersion: (db) => runtimeStore.bumpRuntimeVersion(db, tenantId, 'gatehouse_test'),
  findApplication: (db) => runtimeStore.findApplication(db, tenantId, 'a1'),
  findClientApplication: (db) => runtimeStore.findClientApplication(db, tenantId, 'a1'),
  findClientWithResource: (db) => runtimeStore.findClientWithResource(db, tenantId, 'a1', 'https://a.example.test'),
  findDefaultResource: (db) => runtimeStore.findDefaultResource(db, tenantId),
  findResourceGrant: async (db) => {
    await runtimeStore.findResourceGrant(db, tenantId, 'https://a.example.test', { application: 'a1' });
    await runtimeStore.findResourceGrant(db, tenantId, 'https://a.example.test', { user: 'u1' });
    await runtimeStore.findResourceGrant(db, tenantId, 'https://a.example.test', undefined);
  },
  findUser: (db) => runtimeStore.findUser(db, tenantId, 'u1'),
  userRoleNames: (db) => runtimeStore.userRoleNames(db, tenantId, 'u1'),
  addUsage: (db) => runtimeStore.addUsage(db, tenantId, 1, ['u1']),
};

/** The sign-in pages' reads and writes of the tenant's users. */
const signInUserCalls: Calls<typeof signInUserStore> = {
  normalizeEmail: async () => undefined,
  passwordEncryptionMethod: async () => undefined,
  findUserByIdentifier: (db) => signInUserStore.findUserByIdentifier(db, tenantId, 'Someone@Example.com'),
  recordSignIn: (db) => signInUserStore.recordSignIn(db, tenantId, 'u1'),
};

/** The audit log's writer (runtime and management writes) and its purge. */
const logCalls: Calls<typeof logStore> = {
  insertLog: (db) => logStore.insertLog(db, tenantId, { key: 'Interaction.Create', userId: 'u1', applicationId: 'a1', sessionId: 's1' }),
  recordLog: (db) => logStore.recordLog(db, tenantId, { key: 'Interaction.End', result: 'Error', error: { code: 'x' } }),
  lastInteractionEvent: (db) => logStore.lastInteractionEvent(db, tenantId, 's1'),
  deleteLogsBefore: (db) => logStore.deleteLogsBefore(db, tenantId, new Date(0), 10),
};

/** The management API's reads of the audit log. */
const auditLogCalls: Calls<typeof auditLogStore> = {
  listLogs: (db) =>
    auditLogStore.listLogs(db, tenantId, page, { userId: 'u1', applicationId: 'a1', logKey: 'Interaction.Create', startTime: new Date(0), endBefore: new Date(), since: new Date(0) }, 10_000),
  findLog: (db) => auditLogStore.findLog(db, tenantId, 'l1', new Date(0)),
};

/** The sign-in experience (its version check too) and the custom phrases. */
const signInExperienceCalls: Calls<typeof signInExperienceStore> = {
  readSignInExperience: (db) => signInExperienceStore.readSignInExperience(db, tenantId, 'cloud'),
  signInExperienceVersion: (db) => signInExperienceStore.signInExperienceVersion(db, tenantId),
  writeSignInExperience: async (db) => {
    await signInExperienceStore.writeSignInExperience(db, tenantId, defaultSignInExperienceSettings('cloud'));
    await signInExperienceStore.writeSignInExperience(db, tenantId, defaultSignInExperienceSettings('cloud'), 1);
  },
  listCustomPhrases: (db) => signInExperienceStore.listCustomPhrases(db, tenantId),
  customLanguages: (db) => signInExperienceStore.customLanguages(db, tenantId),
  findCustomPhrase: (db) => signInExperienceStore.findCustomPhrase(db, tenantId, 'fr'),
  customPhraseStamps: (db) => signInExperienceStore.customPhraseStamps(db, tenantId),
  upsertCustomPhrase: (db) => signInExperienceStore.upsertCustomPhrase(db, tenantId, 'fr', { signIn: { title: 'Connexion' } }),
  deleteCustomPhrase: (db) => signInExperienceStore.deleteCustomPhrase(db, tenantId, 'de'),
};

/** The sign-in pages' verification codes. */
const codeKey = { interactionId: 'i1', usage: 'SignIn', identifierKind: 'email', identifier: 'someone@example.com' } as const;
const codeCalls: Calls<typeof codeStore> = {
  latestCode: (db) => codeStore.latestCode(db, tenantId, codeKey),
  codesSentTo: (db) => codeStore.codesSentTo(db, tenantId, codeKey.identifier, new Date(0)),
  codesSentFor: (db) => codeStore.codesSentFor(db, tenantId, '127.0.0.1', new Date(0)),
  replaceCode: (db) => codeStore.replaceCode(db, tenantId, { ...codeKey, id: 'c1', codeHash: 'h', client: '127.0.0.1', expiresAt: new Date() }),
  updateCode: (db) => codeStore.updateCode(db, tenantId, 'c1', { tryCount: 1 }),
};

const connectorRow = { id: 'c1', connectorId: 'dev-mailbox', type: 'Email' as const, target: 'dev-mailbox', platform: null, syncProfile: false, config: {}, sealedSecrets: null, metadata: {} };
const connectorCalls: Calls<typeof connectorStore> = {
  listConnectorRows: (db) => connectorStore.listConnectorRows(db, tenantId, { target: 'dev-mailbox', type: 'Email' }),
  connectorTypesOf: (db) => connectorStore.connectorTypesOf(db, tenantId),
  findConnectorRow: (db) => connectorStore.findConnectorRow(db, tenantId, 'c1'),
  messageConnectorRow: (db) => connectorStore.messageConnectorRow(db, tenantId, 'Email'),
  clashingConnectorRow: (db) => connectorStore.clashingConnectorRow(db, tenantId, 'demo', 'Universal', 'c1'),
  insertConnectorRow: (db) => connectorStore.insertConnectorRow(db, tenantId, connectorRow),
  updateConnectorRow: (db) => connectorStore.updateConnectorRow(db, tenantId, 'c1', { syncProfile: false }),
  deleteConnectorRow: (db) => connectorStore.deleteConnectorRow(db, tenantId, 'c2'),
  deleteMessageConnectorRows: (db) => connectorStore.deleteMessageConnectorRows(db, tenantId, 'Sms', 'c1'),
  countSocialConnectors: (db) => connectorStore.countSocialConnectors(db, tenantId),
};

const signingKeyCalls: Calls<typeof signingKeyStore> = {
  listKeysOfKind: (db) => signingKeyStore.listKeysOfKind(db, tenantId, 'signing'),
  lockKeys: (db) => signingKeyStore.lockKeys(db, tenantId),
  setKeyStatus: (db) => signingKeyStore.setKeyStatus(db, tenantId, ['k1'], 'previous'),
  deleteKeys: (db) => signingKeyStore.deleteKeys(db, tenantId, ['k1']),
  addTokensSigned: (db) => signingKeyStore.addTokensSigned(db, tenantId, 'k1', 2, 1_900_000_000),
};

const hookRow = { id: 'h1', name: 'Hook', event: null, events: ['User.Created' as const], config: { url: 'https://example.test/hook', retries: 3 }, sealedSigningKey: 'sealed', enabled: true };
const hookCalls: Calls<typeof hookStore> = {
  listHooks: (db) => hookStore.listHooks(db, tenantId, page, { enabled: true }),
  findHook: (db) => hookStore.findHook(db, tenantId, 'h1'),
  insertHook: (db) => hookStore.insertHook(db, tenantId, hookRow),
  updateHook: (db) => hookStore.updateHook(db, tenantId, 'h1', { name: 'Renamed' }),
  deleteHook: (db) => hookStore.deleteHook(db, tenantId, 'h2'),
  countHooks: (db) => hookStore.countHooks(db, tenantId),
  hooksListeningTo: (db) => hookStore.hooksListeningTo(db, tenantId, 'User.Created'),
  executionStats: (db) => hookStore.executionStats(db, tenantId, ['h1']),
};
const hookLogCalls: Calls<typeof hookLogStore> = {
  listHookLogs: (db) => hookLogStore.listHookLogs(db, tenantId, 'h1', page, { logKey: 'TriggerHook.User.Created', startTime: new Date(0), endBefore: new Date() }),
  findHookLog: (db) => hookLogStore.findHookLog(db, tenantId, 'l1', { hookId: 'h1', since: new Date(0) }),
};

export const stores: [string, Record<string, (db: Db) => Promise<unknown>>, object][] = [
  ['connector', connectorCalls, connectorStore],
  ['API resource', resourceCalls, resourceStore],
  ['application', applicationCalls, applicationStore],
  ['user consent', consentCalls, consentStore],
  ['role', roleCalls, roleStore],
  ['tenant issuer', runtimeCalls, runtimeStore],
  ['sign-in user', signInUserCalls, signInUserStore],
  ['user', userCalls, userStore],
  ['log', logCalls, logStore],
  ['audit log', auditLogCalls, auditLogStore],
  ['sign-in experience', signInExperienceCalls, signInExperienceStore],
  ['signing key', signingKeyCalls, signingKeyStore],
  ['verification code', codeCalls, codeStore],
  ['webhook', hookCalls, hookStore],
  ['webhook log', hookLogCalls, hookLogStore],
];

