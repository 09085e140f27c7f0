import type { ReactNode } from 'react';
import { Group, List, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Tenant } from '#schemas/tenant.ts';
import { formatNumber } from '#src/rules/number-format.ts';
import { formatPrice } from '#src/rules/price.ts';
import { Button } from '../Button.tsx';
import { usePlanName } from '../PlanTagBadge.tsx';
import { Dialog } from '../Dialog.tsx';

type NoticeModalProps = { title: string; onClose: () => void; children: ReactNode; actions?: ReactNode };

/** A notice in a modal: Escape, the close button and 'Got it' close it; focus starts on the main action. */
function NoticeModal({ title, onClose, children, actions }: NoticeModalProps) {
  return (
    <Dialog opened onClose={onClose} title={title} centered>
      <Stack gap="md">
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus={actions ? undefined : true}>
            <Trans>Got it</Trans>
          </Button>
          {actions}
        </Group>
      </Stack>
    </Dialog>
  );
}

export type UsageExceededModalProps = {
  tenant: Pick<Tenant, 'name' | 'planId' | 'usage' | 'quota'>;
  /** Tokens take precedence for the title (spec 01 §4). */
  exceeded: 'tokens' | 'mau';
  /** Present for members who may change the plan. */
  onUpgrade?: () => void;
  onClose: () => void;
};

/** The MAU or token upsell (spec 01 §4 upsell modals): the limit reached, the plan, and the way to a bigger plan. */
export function UsageExceededModal({ tenant, exceeded, onUpgrade, onClose }: UsageExceededModalProps) {
  const { t, i18n } = useLingui();
  const planName = usePlanName()(tenant.planId);
  const figure = (used: number, limit: number | null) => {
    const usedText = formatNumber(used, i18n.locale);
    const limitText = limit === null ? t`unlimited` : formatNumber(limit, i18n.locale);
    return t`${usedText} of ${limitText}`;
  };
  const mau = figure(tenant.usage.activeUsers, tenant.quota.mauLimit);
  const tokens = figure(tenant.usage.tokenUsage, tenant.quota.tokenLimit);
  return (
    <NoticeModal
      title={exceeded === 'tokens' ? t`Token limit reached` : t`Monthly active user limit reached`}
      onClose={onClose}
      actions={
        onUpgrade && (
          <Button onClick={onUpgrade} data-autofocus>
            <Trans>Upgrade plan</Trans>
          </Button>
        )
      }
    >
      <Text fz="sm">{t`${tenant.name} has reached a limit of the ${planName} plan. Upgrade the plan to keep the service running for your users.`}</Text>
      <List fz="sm" spacing={4}>
        <List.Item>{t`Monthly active users: ${mau}`}</List.Item>
        <List.Item>{t`Tokens: ${tokens}`}</List.Item>
      </List>
    </NoticeModal>
  );
}

export type PaymentOverdueModalProps = {
  tenant: Pick<Tenant, 'name' | 'openInvoices'>;
  /** Present for members who may manage the payment (the customer portal). */
  onUpdatePayment?: () => void;
  onClose: () => void;
};

/** The payment-overdue notice (spec 01 §4): names the tenant and what is due. */
export function PaymentOverdueModal({ tenant, onUpdatePayment, onClose }: PaymentOverdueModalProps) {
  const { t } = useLingui();
  const due = formatPrice(tenant.openInvoices.reduce((sum, { amountDue }) => sum + amountDue, 0));
  return (
    <NoticeModal
      title={t`Payment overdue`}
      onClose={onClose}
      actions={
        onUpdatePayment && (
          <Button onClick={onUpdatePayment} data-autofocus>
            <Trans>Update payment</Trans>
          </Button>
        )
      }
    >
      <Text fz="sm">{t`The payment for ${tenant.name} is overdue. Pay the open invoices to keep the tenant from being suspended.`}</Text>
      <Text fz="sm" fw={600}>
        {t`Amount due: ${due}`}
      </Text>
    </NoticeModal>
  );
}

/** The one-time development-tenant migration notice (spec 01 §4); closing it in any way marks it read. */
export function MigrationNoticeModal({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  return (
    <NoticeModal title={t`Development tenants are here`} onClose={onClose}>
      <Text fz="sm">
        <Trans>
          Tenants for building and testing are now development tenants: free, with development limits, and not meant for live
          users. For live users, create a production tenant on a plan you choose.
        </Trans>
      </Text>
    </NoticeModal>
  );
}
