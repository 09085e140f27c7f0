import { Badge } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Hook } from '#schemas/webhook.ts';
import { healthOf } from './webhook-stats.ts';

/** The success rate of the last 24 hours as a coloured tag, "Not in use" when disabled; nothing before a first request. */
export function HealthTag({ hook }: { hook: Pick<Hook, 'enabled' | 'executionStats'> }) {
  const { i18n } = useLingui();
  const health = healthOf(hook);
  if (health.kind === 'idle') return null;
  if (health.kind === 'disabled') {
    return (
      <Badge variant="light" color="gray" c="bright" size="sm" tt="none">
        <Trans>Not in use</Trans>
      </Badge>
    );
  }
  const rate = new Intl.NumberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 1 }).format(health.rate);
  return (
    <Badge variant="light" color={health.color} c="bright" size="sm" tt="none">
      <Trans>{rate} success</Trans>
    </Badge>
  );
}
