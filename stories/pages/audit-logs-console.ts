import type { Meta } from '@storybook/react-vite';
import type { Application } from '#schemas/application.ts';
import type { Edition } from '#schemas/config.ts';
import type { LogItem } from '#schemas/log.ts';
import { quotaOf } from '#schemas/quota.ts';
import type { ApiClient } from '#src/api/client.ts';
import { createApplicationsApi } from '#src/api/management/applications.ts';
import { createLogsApi } from '#src/api/management/logs.ts';
import { createUsersApi } from '#src/api/management/users.ts';
import { sampleApplication } from '#tests/support/application-samples.ts';
import { ann, bob, clientCredentials, impersonation, searchSampleUsers, signInTrail, unknownKeyByDeletedUser, userUpdated } from '#tests/support/log-samples.ts';
import { editionOf } from '../support/editions.ts';
import { byId, pageOf, renderConsole, type Answer } from '../support/fake-api.ts';

const storefront = sampleApplication('spa1', { name: 'Storefront', type: 'SPA' });
const nightly = sampleApplication('m2m1', { name: 'Nightly export', type: 'MachineToMachine' });

export type Args = {
  path: string;
  logs: Answer<LogItem[]>;
  /** Total-Number of the log list, when it has more pages than shown. */
  total?: number;
  /** Total-Number-Is-Capped: the total stopped at 10,000. */
  capped?: boolean;
  applications: Application[];
  /** The tenant's plan (cloud). */
  planId: string;
  /** What GET /logs/retention answers, when not the plan's days (cloud) or none (self-hosted). */
  retention?: number | null;
};

const fakeLogs = (args: Args, edition: Edition) => (client: ApiClient): Partial<ApiClient> => ({
  logs: {
    ...createLogsApi(client.tenant),
    getRetention: async () => {
      if (args.retention !== undefined) return args.retention;
      const days = edition === 'cloud' ? quotaOf(args.planId, 'auditLogsRetentionDays') : null;
      return typeof days === 'number' ? days : null;
    },
    listLogs: async () => pageOf(args.logs, args.total, args.capped),
    getLog: async (_tenantId, id) => byId(args.logs, id),
  },
  users: { ...createUsersApi(client.tenant), listUsers: searchSampleUsers, getUser: async (_tenantId, id) => byId([ann, bob], id) },
  applications: {
    ...createApplicationsApi(client.tenant),
    listApplications: async () => pageOf(args.applications),
    getApplication: async (_tenantId, id) => byId(args.applications, id),
  },
});

/** The audit log inside the real console routes, with the management API faked per story; the toolbar picks the edition. */
export const auditLogsMeta: Meta<Args> = {
  render: (args, { globals }) => renderConsole(args.path, globals, fakeLogs(args, editionOf(globals.edition)), { planId: args.planId }),
  args: {
    path: '/acme/audit-logs',
    logs: [userUpdated(), impersonation(), ...signInTrail(), clientCredentials(), unknownKeyByDeletedUser()],
    applications: [storefront, nightly],
    planId: 'pro-2024-11',
  },
};
