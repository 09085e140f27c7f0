import { Stack, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { tabNames } from '#src/ui/page-names.ts';
import { AuditLogTable } from './AuditLogTable.tsx';
import type { LogScope } from './log-scope.ts';
import type { LogListSearch } from '#schemas/list-search/logs.ts';

/** The logs tab of a user or an app: the audit log with that user or app fixed. */
export function LogsTab({ scope, search }: { scope: Exclude<LogScope, { kind: 'tenant' }>; search: LogListSearch }) {
  const { i18n } = useLingui();
  const title = i18n._(tabNames.logs);
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        {title}
      </Title>
      <AuditLogTable scope={scope} label={title} search={search} />
    </Stack>
  );
}
