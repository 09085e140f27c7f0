import { useId, type CSSProperties } from 'react';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Sku } from '#schemas/billing.ts';
import { freeTenantCap } from '#schemas/constants.ts';
import type { CheckoutSnapshot } from '#machines/checkout.machine.ts';
import {
  checkoutInputOf,
  planUnavailability,
  type PlanSelectionEvent,
  type PlanSelectionSnapshot,
} from '#machines/plan-selection.machine.ts';
import { planTagOf, type PlanTag } from '#src/rules/plan-tag.ts';
import { formatPrice } from '#src/rules/price.ts';
import { AppError } from '#src/ui/AppError.tsx';
import { Button } from '#src/ui/Button.tsx';
import { externalLinks } from '#src/ui/links.ts';
import { PageLoader } from '#src/ui/PageLoader.tsx';
import { CheckoutView } from '../checkout/CheckoutView.tsx';
import { PlanFeatures } from './PlanFeatures.tsx';
import { Dialog } from '#src/ui/Dialog.tsx';

export type PlanSelectionViewProps = {
  state: PlanSelectionSnapshot;
  send: (event: PlanSelectionEvent) => void;
  onClose: () => void;
  /** The running checkout start, while a paid plan's checkout opens. */
  checkout?: CheckoutSnapshot;
};

const descriptions: Partial<Record<PlanTag, ReturnType<typeof msg>>> = {
  free: msg`For side projects and trying things out.`,
  pro: msg`For production apps that grow with their users.`,
};
const otherDescription = msg`A plan made for your organization.`;

/**
 * A card's rows (heading, description, price, action, features, link) are rows of the grid of cards (a subgrid), so a
 * description that wraps to more lines moves the price and the button of every card alike.
 */
const planCardRows: CSSProperties = {
  display: 'grid',
  gridTemplateRows: 'subgrid',
  gridRow: 'span 6',
  rowGap: 'var(--mantine-spacing-sm)',
};

type CardProps = {
  sku: Sku;
  state: PlanSelectionSnapshot;
  send: PlanSelectionViewProps['send'];
};

function PlanCard({ sku, state, send }: CardProps) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const reasonId = useId();
  const { context } = state;
  const tag = planTagOf(sku.id);
  const name = sku.name;
  const running = context.selectedSkuId !== undefined;
  const unavailable = planUnavailability(context, sku.id);
  const { target } = context;
  const action =
    target.kind === 'newTenant'
      ? tag === 'free'
        ? t`Create with ${name}`
        : t`Buy ${name}`
      : unavailable === 'currentPlan'
        ? t`Current plan`
        : checkoutInputOf(context, sku.id).isDowngrade
          ? t`Downgrade to ${name}`
          : t`Upgrade to ${name}`;
  const reason =
    unavailable === 'freeTenantCap'
      ? t`You already have ${freeTenantCap} or more tenants on the free plan, the most an account can have.`
      : undefined;

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId} style={planCardRows}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} fz="h4" id={titleId}>
          {name}
        </Title>
        {tag === 'pro' && (
          <Badge variant="filled" color="violet.8" tt="none">
            {t`Most popular`}
          </Badge>
        )}
      </Group>
      <Text fz="sm">{i18n._(descriptions[tag] ?? otherDescription)}</Text>
      <Group gap={6} align="baseline">
        <Text fz={28} fw={700} lh={1}>
          {formatPrice(sku.unitPrice)}
        </Text>
        <Text fz="sm">{t`per month`}</Text>
      </Group>
      <Stack gap="xs">
        <Button
          fullWidth
          variant={tag === 'free' ? 'default' : 'filled'}
          loading={context.selectedSkuId === sku.id}
          disabled={unavailable !== undefined || (running && context.selectedSkuId !== sku.id)}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => send({ type: 'SELECT_PLAN', skuId: sku.id })}
        >
          {action}
        </Button>
        {reason && (
          <Text id={reasonId} fz="sm">
            {reason}
          </Text>
        )}
      </Stack>
      <PlanFeatures sku={sku} />
      {tag !== 'free' && (
        <Anchor href={externalLinks.pricing} target="_blank" rel="noopener noreferrer" fz="sm">
          <Trans>View all features</Trans>
        </Anchor>
      )}
    </Card>
  );
}

/** The plan-selection modal (spec 01 §2): a card per basic plan; closing is disabled while a plan's action runs. */
export function PlanSelectionView({ state, send, onClose, checkout }: PlanSelectionViewProps) {
  const { t } = useLingui();
  const busy = state.context.selectedSkuId !== undefined || state.status === 'done';
  const content = () => {
    if (state.matches('loadingPlans')) return <PageLoader label={t`Loading plans`} />;
    if (state.matches('loadError')) {
      return <AppError title={t`The plans did not load`} message={state.context.error} onRetry={() => send({ type: 'RETRY' })} />;
    }
    return (
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: state.context.plans.length > 1 ? 2 : 1 }}>
          {state.context.plans.map((sku) => (
            <PlanCard key={sku.id} sku={sku} state={state} send={send} />
          ))}
        </SimpleGrid>
        {checkout && <CheckoutView state={checkout} />}
      </Stack>
    );
  };
  return (
    <Dialog opened onClose={busy ? () => {} : onClose} title={t`Choose a plan`} size="xl">
      {content()}
    </Dialog>
  );
}
