import type { ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { Badge, Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LogItem } from '#schemas/log.ts';
import { userTitle } from '#schemas/user-title.ts';
import { LinkAnchor } from '#src/ui/LinkButton.tsx';
import { eventTitle } from './event-title.ts';
import { isImpersonation } from './log-titles.ts';

/** A green or red dot for the log's result, its word for screen readers (and a row's text). */
export function ResultDot({ result }: { result: LogItem['payload']['result'] }) {
  const { t } = useLingui();
  const success = result === 'Success';
  return (
    <>
      <Box component="span" aria-hidden="true" w={8} h={8} miw={8} bg={success ? 'green.6' : 'red.6'} style={{ borderRadius: '50%', display: 'inline-block' }} />
      <VisuallyHidden>{success ? t`Success` : t`Error`}</VisuallyHidden>
    </>
  );
}

export function ImpersonationTag({ log }: { log: Pick<LogItem, 'key' | 'payload'> }) {
  return isImpersonation(log) ? (
    <Badge variant="light" color="orange" c="bright" size="sm" tt="none">
      <Trans>Impersonation</Trans>
    </Badge>
  ) : null;
}

/** The event's title from the catalogue, or its raw key when the catalogue does not have it. */
export function EventName({ log, fw }: { log: Pick<LogItem, 'key' | 'payload'>; fw?: number }) {
  const { i18n } = useLingui();
  const title = eventTitle(i18n, log);
  return title ? (
    <Text component="span" fz="sm" fw={fw}>
      {title}
    </Text>
  ) : (
    <Text component="span" fz="sm" ff="monospace" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
      {log.key}
    </Text>
  );
}

/** The Event column: result, title and the impersonation tag, which goes under the title when both do not fit. */
export function EventCell({ log }: { log: LogItem }) {
  return (
    <Group gap="xs" style={{ rowGap: 4 }}>
      <ResultDot result={log.payload.result} />
      <EventName log={log} fw={500} />
      <ImpersonationTag log={log} />
    </Group>
  );
}

const none = (
  <Text component="span" fz="sm" c="dimmed">
    -
  </Text>
);

/** What a log names that no longer exists. */
const gone = (text: ReactNode) => (
  <Text component="span" fz="sm" c="dimmed" fs="italic">
    {text}
  </Text>
);

/** The user a log names: a link to them, "Deleted user" when they are gone, "-" when it names none. */
export function LogUser({ tenantId, log }: { tenantId: string; log: LogItem }) {
  const { t } = useLingui();
  const id = log.user?.id ?? log.payload.userId;
  if (!id) return none;
  if (log.user === null) return gone(<Trans>Deleted user</Trans>);
  return (
    <LinkAnchor to="/$tenantId/users/$id" params={{ tenantId, id }} fz="sm">
      {(log.user && userTitle(log.user)) ?? (log.user ? t`Unnamed` : id)}
    </LinkAnchor>
  );
}

/** The app a log names: a link to its settings, or "-". */
export function LogApplication({ tenantId, log }: { tenantId: string; log: LogItem }) {
  const id = log.application?.id ?? log.payload.applicationId;
  if (!id) return none;
  if (log.application === null) return gone(<Trans>Deleted application</Trans>);
  return (
    <LinkAnchor to="/$tenantId/applications/$id/settings" params={{ tenantId, id }} fz="sm">
      {log.application?.name ?? id}
    </LinkAnchor>
  );
}

/** Who made a management change: a console user by name, or a link to the machine-to-machine app. */
export function LogActor({ tenantId, log }: { tenantId: string; log: LogItem }) {
  const { actor } = log.payload;
  if (!actor) return none;
  const name = actor.display || actor.id;
  return actor.type === 'Application' ? (
    <LinkAnchor to="/$tenantId/applications/$id/settings" params={{ tenantId, id: actor.id }} fz="sm">
      {name}
    </LinkAnchor>
  ) : (
    <Text component="span" fz="sm">
      {name}
    </Text>
  );
}

/** When it happened: local date and time to the second, as the console's language writes them. */
export const formatLogTime = (i18n: I18n, createdAt: string) => i18n.date(createdAt, { dateStyle: 'medium', timeStyle: 'medium' });
