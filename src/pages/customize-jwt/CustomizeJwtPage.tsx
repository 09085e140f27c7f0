import { useState } from 'react';
import { Alert, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { jwtCustomizerKeys, jwtTokenTypes, type JwtTokenType } from '#schemas/jwt-customizer.ts';
import { jwtCustomizerQueries, useDeleteJwtCustomizer } from '#src/data/jwt-customizer.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { Button } from '#src/ui/Button.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog/ConfirmDialog.tsx';
import { ListPageHeader } from '#src/ui/table/ListPageHeader.tsx';
import { pageNames } from '#src/ui/page-names.ts';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { CustomJwtUpsell } from './CustomJwtUpsell.tsx';
import { TokenTypeCard } from './TokenTypeCard.tsx';
import { useCustomJwtPlan } from './custom-jwt-plan.ts';
import { tokenTypeNames } from './token-types.ts';

/** Custom JWT (customize-jwt.md §1): one card per token type, to add, edit or delete its claims script. */
export function CustomizeJwtPage() {
  const { t, i18n } = useLingui();
  const title = i18n._(pageNames.customizeJwt);
  usePageTitle(title);
  const list = useQuery(useTenantQueries(jwtCustomizerQueries).list());
  const plan = useCustomJwtPlan();
  const remove = useDeleteJwtCustomizer();
  const [deleting, setDeleting] = useState<JwtTokenType>();
  const deletingName = deleting ? i18n._(tokenTypeNames[deleting].title) : '';
  const savedOf = (tokenType: JwtTokenType) => list.data?.find(({ key }) => key === jwtCustomizerKeys[tokenType])?.value ?? null;

  return (
    <Stack gap="lg" p="md">
      <ListPageHeader
        title={title}
        description={<Trans>Add your own claims to access tokens with a small JavaScript function that runs when a token is issued, or refuse the token.</Trans>}
        action={null}
      />
      {!plan.enabled && plan.planId && <CustomJwtUpsell planId={plan.planId} />}
      {list.error ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={t`The scripts could not be loaded.`}>
          <Group justify="space-between" gap="sm">
            <Text fz="sm">{list.error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
              <Trans>Retry</Trans>
            </Button>
          </Group>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy={list.isPending || undefined}>
          {jwtTokenTypes.map((tokenType) =>
            list.data ? (
              <TokenTypeCard
                key={tokenType}
                tokenType={tokenType}
                saved={savedOf(tokenType)}
                enabled={plan.enabled}
                onDelete={() => setDeleting(tokenType)}
                deleting={remove.isPending && remove.variables === tokenType}
              />
            ) : (
              <Skeleton key={tokenType} h={180} radius="md" />
            ),
          )}
        </SimpleGrid>
      )}
      {deleting && (
        <ConfirmDialog
          title={t`Delete the ${deletingName} script`}
          confirmLabel={t`Delete`}
          onResult={(result) => {
            setDeleting(undefined);
            if (result !== 'confirmed') return;
            remove.mutate(deleting, { onSuccess: () => notifications.show({ color: 'green', message: t`Script deleted` }) });
          }}
        >
          <Text fz="sm">
            <Trans>The claims stop at once: the next tokens are issued without them. The script, its variables and samples are deleted.</Trans>
          </Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
