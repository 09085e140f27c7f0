/** The tenants' own tables (conventions in idp/schema.ts), one file per entity. */
export * from './idp/schema.ts';
export * from './idp/resources.ts';
export * from './idp/keys.ts';
export * from './idp/applications.ts';
export * from './idp/roles.ts';
export * from './idp/tenant-users.ts';
export * from './idp/consent.ts';
export * from './idp/row-counts.ts';
export * from './idp/logs.ts';
export * from './idp/sign-in-experiences.ts';
export * from './idp/connectors.ts';
export * from './idp/verification-codes.ts';
export * from './idp/hooks.ts';
