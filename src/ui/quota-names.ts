import { msg, t } from '@lingui/core/macro';
import type { QuotaKey } from '#schemas/quota.ts';

/** The quota keys of spec 01 §3 as people read them, plus the support response time the console adds. */
export const quotaNames = {
  mauLimit: msg`Monthly active users`,
  tokenLimit: msg`Tokens`,
  applicationsLimit: msg`Applications`,
  machineToMachineLimit: msg`Machine-to-machine apps`,
  thirdPartyApplicationsLimit: msg`Third-party apps`,
  resourcesLimit: msg`API resources`,
  scopesPerResourceLimit: msg`Permissions per API resource`,
  socialConnectorsLimit: msg`Social connectors`,
  userRolesLimit: msg`User roles`,
  machineToMachineRolesLimit: msg`Machine-to-machine roles`,
  scopesPerRoleLimit: msg`Permissions per role`,
  hooksLimit: msg`Webhooks`,
  auditLogsRetentionDays: msg`Audit log retention`,
  mfaEnabled: msg`Multi-factor authentication`,
  organizationsLimit: msg`Organizations`,
  enterpriseSsoLimit: msg`Enterprise SSO`,
  tenantMembersLimit: msg`Tenant members`,
  customJwtEnabled: msg`Custom JWT`,
  subjectTokenEnabled: msg`Impersonation (subject tokens)`,
  bringYourUiEnabled: msg`Bring your own UI`,
  idpInitiatedSsoEnabled: msg`IdP-initiated SSO`,
  samlApplicationsLimit: msg`SAML apps`,
  ticketSupportResponseTime: msg`Ticket support response time`,
} as const satisfies Record<QuotaKey | 'ticketSupportResponseTime', unknown>;

/** What a usage-based plan does beyond a key's included quota, as the plan card and the usage cards both say it. */
export const billedBeyondQuota = () => t`Usage beyond what is included is billed per unit.`;
