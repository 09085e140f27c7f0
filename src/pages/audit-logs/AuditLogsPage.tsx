import { Anchor, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LogListSearch } from '#schemas/list-search/logs.ts';
import { externalLinks } from '#src/ui/links.ts';
import { ListPageHeader } from '#src/ui/table/ListPageHeader.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { pageNames } from '#src/ui/page-names.ts';
import { AuditLogTable } from './AuditLogTable.tsx';

/** The tenant's audit log: what its identity service did and what its administrators changed, newest first. */
export function AuditLogsPage({ search }: { search: LogListSearch }) {
  const { i18n } = useLingui();
  const title = i18n._(pageNames.auditLogs);
  usePageTitle(title);
  return (
    <Stack gap="lg" p="md">
      <ListPageHeader
        title={title}
        description={
          <Trans>
            Every sign-in step, token request and administrator change of this tenant, newest first.{' '}
            <Anchor href={`${externalLinks.docs}/developers/audit-logs`} target="_blank" rel="noopener noreferrer" fz="sm" underline="always">
              Learn more
            </Anchor>
          </Trans>
        }
        action={null}
      />
      <AuditLogTable scope={{ kind: 'tenant' }} label={title} search={search} />
    </Stack>
  );
}
