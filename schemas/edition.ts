import type { Edition } from './config.ts';

/** What an edition offers; the server and the console ask this table instead of comparing the edition. */
export type EditionFeatures = {
  /** Users create tenants, invite members and get organization tokens for them; otherwise there is the default tenant only. */
  multipleTenants: boolean;
  /** Plans, subscriptions, invoices and the payment pages. */
  billing: boolean;
  /** A tenant's plan limits what it may create (spec 01 §9); 403 with the quota error beyond it. */
  quotas: boolean;
  /**
   * How the management API is reached: per tenant at /m/{tenantId}/api by its members with an organization token, or
   * at /api with the default tenant's management token.
   */
  management: { path: string; access: 'membership' | 'managementToken' };
};

const featureTable: Record<Edition, EditionFeatures> = {
  cloud: {
    multipleTenants: true,
    billing: true,
    quotas: true,
    management: { path: '/m/:tenantId/api', access: 'membership' },
  },
  'self-hosted': {
    multipleTenants: false,
    billing: false,
    quotas: false,
    management: { path: '/api', access: 'managementToken' },
  },
};

export const features = (edition: Edition): EditionFeatures => featureTable[edition];
