import { freeTenantCap } from '#schemas/constants.ts';
import { quotaExceededMessage } from '#schemas/quota.ts';
import type { DeletionRefusal } from '../accounts/deletion.ts';
import type { DowngradeRefusal } from '../billing/subscription.ts';
import { accountNotFoundMessage, HttpError, type RefusalMessages } from './errors.ts';
import { lastAdminMessage } from './members.ts';
import { tenantNotFoundMessage } from './tenant-access.ts';

const developmentTenant = 'Development tenants stay on the development plan.';

/** The message of each refusal of creating a tenant, a checkout or a downgrade, as the cloud and billing routes answer it. */
export const billingMessages: RefusalMessages<DowngradeRefusal> = {
  'auth.account_not_found': accountNotFoundMessage,
  'tenant.not_found': tenantNotFoundMessage,
  'tenant.free_tenant_limit_reached': `You can be the admin of at most ${freeTenantCap} tenants on the free plan.`,
  'subscription.quota_exceeded': ({ exceeded }) => quotaExceededMessage(exceeded),
  'subscription.development_tenant': developmentTenant,
  'subscription.already_free': 'The tenant is already on the free plan.',
};

export const tenantNotProduction = () => new HttpError('subscription.development_tenant', developmentTenant);

/** The message of each refusal of deleting an account (DELETE /api/me). */
export const deletionMessages: RefusalMessages<DeletionRefusal> = {
  'auth.account_not_found': accountNotFoundMessage,
  'user.deletion_blocked':
    'The account cannot be deleted while a tenant you administer is on a paid plan, has a subscription that is not active or has open invoices.',
  'tenant.last_admin': lastAdminMessage,
};
