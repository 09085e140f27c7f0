/** Constants shared by the console and the server (spec 01 §9, spec 02 §6 and §9). */
export const productName = 'Gatehouse';
export const productVersion = '1.24.0';

export const adminConsoleAppId = 'admin-console';
export const defaultTenantId = 'default';
/** The admin tenant; a user who is a member of it is not held to the free-tenant cap (spec 01 §4 free-plan selection). */
export const adminTenantId = 'admin';
/** Stands for "my default tenant" in shared links, e.g. /console/current-tenant/applications (spec 01 §4). */
export const placeholderTenantId = 'current-tenant';
export const consolePath = '/console';
/** The product's own production console host: conversions are reported there only (spec 01 §7). */
export const productionConsoleHost = 'cloud.gatehouse.dev';
/** Console routes, relative to consolePath: the sign-in callback (redirect URI) and invitation acceptance. */
export const signInCallbackPath = '/callback';
export const acceptInvitationPath = '/accept';
/** `?sign_up=true` starts sign-in in sign-up mode (spec 01 §2). */
export const signUpSearchParam = 'sign_up';

/** Each tenant is the organization `t-{tenantId}`. */
export const tenantOrganizationPrefix = 't-';
export const organizationIdOf = (tenantId: string) => `${tenantOrganizationPrefix}${tenantId}`;
export const tenantIdOf = (organizationId: string) =>
  organizationId.startsWith(tenantOrganizationPrefix) ? organizationId.slice(tenantOrganizationPrefix.length) : undefined;

/** Resource indicators the console asks tokens for. */
export const resourceIndicators = {
  cloud: 'urn:gatehouse:api:cloud',
  me: 'urn:gatehouse:api:me',
  /** The management API of a tenant; self-hosted uses the default tenant's. */
  management: (tenantId: string) => `urn:gatehouse:api:management:${tenantId}`,
  /** Reserved resource of the organization-token protocol of `@logto/browser`. */
  organizations: 'urn:logto:resource:organizations',
} as const;
export const organizationAudience = (organizationId: string) => `urn:logto:organization:${organizationId}`;

/** User scopes, named as `@logto/browser` sends them. */
export const userScopes = {
  openid: 'openid',
  offlineAccess: 'offline_access',
  profile: 'profile',
  email: 'email',
  phone: 'phone',
  address: 'address',
  customData: 'custom_data',
  identities: 'identities',
  roles: 'roles',
  organizations: 'urn:logto:scope:organizations',
  organizationRoles: 'urn:logto:scope:organization_roles',
} as const;

/** Scope that grants all access to the Me API and to a management API. */
export const allScope = 'all';

export const cloudScopes = [
  'create:tenant', 'manage:tenant:self', 'send:sms', 'send:email', 'fetch:custom:jwt',
  'report:subscription:updates', 'manage:affiliate', 'create:affiliate',
] as const;
export type CloudScope = (typeof cloudScopes)[number];

export const tenantScopes = [
  'read:data', 'write:data', 'delete:data', 'read:member', 'invite:member', 'remove:member', 'update:member:role', 'manage:tenant',
] as const;
export type TenantScope = (typeof tenantScopes)[number];

export const tenantRoles = {
  admin: tenantScopes,
  collaborator: ['read:data', 'write:data', 'delete:data', 'read:member'],
} as const satisfies Record<string, readonly TenantScope[]>;
export type TenantRole = keyof typeof tenantRoles;

export const regions = ['EU', 'US', 'AU'] as const;
export type RegionName = (typeof regions)[number];
export const defaultRegion: RegionName = 'EU';

export const tenantTags = ['development', 'production'] as const;
export type TenantTag = (typeof tenantTags)[number];

export const requestTimeout = 20_000;
export const buttonSpinnerDelay = 500;
export const hoverMenuOpenDelay = 300;
export const hoverMenuCloseDelay = 100;
export const checkoutPollInterval = 1000;
export const checkoutTimeout = 10_000;
export const freeTenantCap = 3;
/** Characters of the random state a checkout carries to its success callback (spec 01 §9). */
export const checkoutStateLength = 6;
/** The 'invitation failed' toast stays this long (spec 01 §8). */
export const invitationFailedToastDuration = 5000;

/** Session- and local-storage keys, namespaced. */
export const storageKeys = {
  language: 'gatehouse:admin-console:language',
  appearanceMode: 'gatehouse:admin-console:appearance-mode',
  linkingSocialConnector: 'gatehouse:admin-console:linking-social-connector',
  checkoutSession: 'checkout-state',
  redirectAfterSignIn: 'gatehouse:admin-console:redirect-after-sign-in',
  webhookTestResult: 'gatehouse:admin-console:webhook-test-result',
  devFeaturesEnabled: 'gatehouse:admin-console:dev-features-enabled',
  /** The notices dismissed for the session, each as `{notice}:{tenantId}` (session storage). */
  dismissedNotices: 'gatehouse:admin-console:dismissed-notices',
  /** When the scope checks last signed in again for consent (session storage). */
  scopeConsentAt: 'gatehouse:admin-console:scope-consent-at',
} as const;
