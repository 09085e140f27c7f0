import type { ReactNode } from 'react';
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { QuotaKey } from '#schemas/quota.ts';
import { usePlanName } from '../PlanTagBadge.tsx';
import { quotaNames } from '../quota-names.ts';

export type QuotaExceededNoticeProps = {
  /** The exceeded quota keys the server named (spec 01 §8). */
  keys: readonly QuotaKey[];
  /** The plan whose quota they exceed. */
  planId: string;
  /** What the person can do about it. */
  hint?: ReactNode;
  onClose?: () => void;
};

/** The inline, error-severity notification of an exceeded quota: the quotas by name and the plan. */
export function QuotaExceededNotice({ keys, planId, hint, onClose }: QuotaExceededNoticeProps) {
  const { t, i18n } = useLingui();
  const planName = usePlanName()(planId);
  const names = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(keys.map((key) => i18n._(quotaNames[key])));
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={t`Quota limit reached`}
      icon={<IconAlertTriangle size={18} aria-hidden="true" />}
      withCloseButton={Boolean(onClose)}
      onClose={onClose}
      closeButtonLabel={t`Dismiss`}
    >
      <Text fz="sm">{keys.length ? t`The ${planName} plan's limit is reached for: ${names}.` : t`A limit of the ${planName} plan is reached.`}</Text>
      {hint && (
        <Text fz="sm" mt={4}>
          {hint}
        </Text>
      )}
    </Alert>
  );
}
