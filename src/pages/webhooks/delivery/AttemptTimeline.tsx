import { Box, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HookLog } from '#schemas/webhook.ts';
import { useTenantQueries, useTenantScope } from '#src/data/tenant-scope.ts';
import { webhookQueries } from '#src/data/webhooks.ts';
import { LinkAnchor } from '#src/ui/LinkButton.tsx';
import { StatusTag } from '../StatusTag.tsx';

/**
 * Every attempt of the delivery, first to last (webhooks.md §7): its status, the time and the gap since the one
 * before, and whether a retry is still due; the attempt shown on the page is marked.
 */
export function AttemptTimeline({ log }: { log: HookLog }) {
  const { t, i18n } = useLingui();
  const { tenantId } = useTenantScope();
  const attempts = useQuery(useTenantQueries(webhookQueries).attempts(log));
  const items = attempts.data ?? [log];
  const last = items.at(-1);
  const nextRetry = last?.payload.nextAttemptAt && i18n.date(last.payload.nextAttemptAt, { dateStyle: 'medium', timeStyle: 'medium' });
  const gap = (from: string, to: string) => {
    const seconds = Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
    const format = (value: number, unit: 'second' | 'minute' | 'hour') => new Intl.NumberFormat(i18n.locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
    return seconds < 60 ? format(seconds, 'second') : seconds < 3600 ? format(Math.round(seconds / 60), 'minute') : format(Math.round(seconds / 360) / 10, 'hour');
  };
  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        <Trans>Attempts</Trans>
      </Title>
      {attempts.isPending ? (
        <Skeleton height={48} aria-label={t`Loading attempts`} />
      ) : (
        <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t`Attempts`}>
          {items.map((attempt, index) => {
            const current = attempt.id === log.id;
            const previous = items[index - 1];
            const time = i18n.date(attempt.createdAt, { dateStyle: 'medium', timeStyle: 'medium' });
            const after = previous && gap(previous.createdAt, attempt.createdAt);
            const { attempt: number, maxAttempts } = attempt.payload;
            return (
              <Box
                component="li"
                key={attempt.id}
                py={6}
                ps="md"
                style={{ borderInlineStart: `3px solid var(--mantine-color-${current ? 'blue-6' : 'default-border'})` }}
                aria-current={current ? 'step' : undefined}
              >
                <Group gap="sm" wrap="wrap">
                  <StatusTag log={attempt} />
                  {current ? (
                    <Text fz="sm" fw={600}>
                      {t`Attempt ${number} of ${maxAttempts}`}
                    </Text>
                  ) : (
                    <LinkAnchor to="/$tenantId/webhooks/$id/recent-requests/$logId" params={{ tenantId, id: attempt.payload.hookId, logId: attempt.id }} fz="sm">
                      {t`Attempt ${number} of ${maxAttempts}`}
                    </LinkAnchor>
                  )}
                  {attempt.payload.resend && (
                    <Text fz="xs" c="dimmed">
                      <Trans>resent</Trans>
                    </Text>
                  )}
                  <Text fz="sm" c="dimmed">
                    {time}
                  </Text>
                  {after && (
                    <Text fz="xs" c="dimmed">
                      {t`${after} after the one before`}
                    </Text>
                  )}
                </Group>
              </Box>
            );
          })}
        </Box>
      )}
      {nextRetry && (
        <Text fz="sm">
          <Trans>Next retry: {nextRetry}</Trans>
        </Text>
      )}
    </Stack>
  );
}
