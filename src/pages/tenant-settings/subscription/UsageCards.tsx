import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatQuantity } from '#src/rules/number-format.ts';
import { isUsageExceeded, usagePercent } from '#src/rules/quota.ts';
import type { UsageCard } from '#src/rules/usage-cards.ts';
import { billedBeyondQuota, quotaNames } from '#src/ui/quota-names.ts';

/** Exceeded figures in red that keeps AA contrast in both colour schemes. */
const exceededColor = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))';

export type UsageCardsProps = { cards: UsageCard[]; isEnterprisePlan: boolean };

/**
 * What the plan includes for each key, with the tenant's usage, its percentage and the exceeded style (spec 01 §5, §9);
 * a key billed per unit says so instead of being capped.
 */
export function UsageCards({ cards, isEnterprisePlan }: UsageCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {cards.map((card) => (
        <UsageCardView key={card.key} card={card} isEnterprisePlan={isEnterprisePlan} />
      ))}
    </SimpleGrid>
  );
}

function UsageCardView({ card, isEnterprisePlan }: { card: UsageCard; isEnterprisePlan: boolean }) {
  const { t, i18n } = useLingui();
  const name = i18n._(quotaNames[card.key]);
  const { limit, usage, billedPerUnit } = card;
  const count = typeof usage === 'number' ? usage : undefined;
  const percent = count === undefined ? undefined : usagePercent(count, limit);
  const exceeded = count !== undefined && isUsageExceeded(count, limit, { isEnterprisePlan, billedPerUnit });
  /** Not included, and no usage to show: capped at nothing, or a paid add-on. */
  const none = limit === false || (limit === 0 && !count);
  const quantity = (value: number) => formatQuantity(value, i18n.locale);

  const limitText = () => {
    if (limit === null) return t`Unlimited`;
    if (none) return billedPerUnit ? t`Paid add-on` : t`Not included`;
    if (limit === true) return t`Included`;
    if (card.key === 'auditLogsRetentionDays') return plural(limit, { one: '# day', other: '# days' });
    if (card.key === 'ticketSupportResponseTime') return plural(limit, { one: '# hour', other: '# hours' });
    return quantity(limit);
  };
  const valueText = () => {
    if (count === undefined || typeof limit === 'boolean' || none) return limitText();
    const used = quantity(count);
    if (billedPerUnit && limit === 0) return used;
    const of = limitText();
    return billedPerUnit && limit !== null ? t`${used} of ${of} included` : t`${used} of ${of}`;
  };

  return (
    <Paper withBorder p="md" role="group" aria-label={name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} fz="sm">
            {name}
          </Text>
          {exceeded && (
            <Badge color="red.9" variant="filled" size="xs" tt="none">
              {t`Limit reached`}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <Text fz="lg" fw={600} style={exceeded ? { color: exceededColor } : undefined}>
            {valueText()}
          </Text>
          {percent !== undefined && (
            <Text fz="sm" c="dimmed" style={exceeded ? { color: exceededColor } : undefined}>
              {`(${percent}%)`}
            </Text>
          )}
        </Group>
        {typeof limit === 'number' && limit > 0 && count !== undefined && (
          <Progress.Root size="sm">
            <Progress.Section value={Math.min(100, (count / limit) * 100)} color={exceeded ? 'red.7' : 'violet'} aria-label={t`${name} used`} />
          </Progress.Root>
        )}
        {billedPerUnit && (
          <Text fz="xs" c="dimmed">
            {billedBeyondQuota()}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
