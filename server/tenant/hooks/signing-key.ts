import { randomInt } from 'node:crypto';
import { open, seal, type SecretsKey } from '#server/secrets-key.ts';

const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new signing key: 32 random alphanumeric characters (webhooks.md §5). */
export const newSigningKey = () => Array.from({ length: 32 }, () => alphanumeric[randomInt(alphanumeric.length)]).join('');

const context = (tenantId: string, hookId: string) => `hook:${tenantId}:${hookId}`;

/** The key sealed for the hook's row only. */
export const sealSigningKey = (key: SecretsKey, tenantId: string, hookId: string, signingKey: string) => seal(key, signingKey, context(tenantId, hookId));

/** The hook's key, or undefined when it was sealed under a key this server does not hold. */
export const openSigningKey = (tenantId: string, hookId: string, sealed: string) => open(sealed, context(tenantId, hookId));
