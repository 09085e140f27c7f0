import type { CreatedUser, MfaVerification, TenantUser, TenantUserListItem } from '#schemas/tenant-user.ts';
import type { UserIdentities, UserOrganization } from '#src/api/management/users.ts';

/** A tenant's end user as GET /users/{id} answers it, for stories and UI tests. */
export const sampleUser = (id: string, overrides: Partial<TenantUser> = {}): TenantUser => ({
  id,
  username: null,
  primaryEmail: `${id}@example.com`,
  primaryPhone: null,
  primaryEmailVerified: false,
  primaryPhoneVerified: false,
  name: null,
  avatar: null,
  profile: {},
  customData: {},
  identities: {},
  applicationId: null,
  isSuspended: false,
  hasPassword: true,
  lastSignInAt: null,
  createdAt: '2026-11-20T09:30:00.000Z',
  updatedAt: '2026-11-20T09:30:00.000Z',
  ...overrides,
});

/** The same user as a row of GET /users. */
export const listItemOf = ({ id, username, primaryEmail, primaryPhone, name, avatar, applicationId, isSuspended, lastSignInAt, createdAt }: TenantUser): TenantUserListItem => ({
  id,
  username,
  primaryEmail,
  primaryPhone,
  name,
  avatar,
  applicationId,
  isSuspended,
  lastSignInAt,
  createdAt,
});

/** POST /users and password/generate: the user and the password generated for them, once. */
export const withPassword = (user: TenantUser, password = 'Xq7#mP2v!Lr9@kWz'): CreatedUser => ({ ...user, password });

export const sampleFactors: MfaVerification[] = [
  { id: 'totp-1', type: 'Totp', createdAt: '2026-11-01T00:00:00.000Z', lastUsedAt: '2026-11-21T08:00:00.000Z' },
  { id: 'webauthn-1', type: 'WebAuthn', createdAt: '2026-11-02T00:00:00.000Z', name: 'YubiKey 5C' },
  { id: 'backup-1', type: 'BackupCode', createdAt: '2026-11-01T00:00:00.000Z', remainCodes: 7 },
];

export const noIdentities: UserIdentities = { socialIdentities: [], ssoIdentities: [] };

export const sampleIdentities: UserIdentities = {
  socialIdentities: [{ target: 'github', identity: { userId: '583231', details: { name: 'Ann' } } }],
  ssoIdentities: [{ ssoConnectorId: 'okta-1', identityId: '00u1abcd', issuer: 'https://acme.okta.com' }],
};

export const sampleOrganization = (id: string, name: string, roles: string[] = []): UserOrganization => ({
  id,
  name,
  organizationRoles: roles.map((role) => ({ id: `${id}-${role}`, name: role })),
});
