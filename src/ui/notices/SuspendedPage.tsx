import { Center, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../Button.tsx';
import { LazyContactDialog } from '../LazyContactDialog.ts';
import { usePageTitle } from '../usePageTitle.ts';

/** What a suspended tenant shows instead of its pages (spec 01 §2, §4 suspension). */
export function SuspendedPage({ tenantName }: { tenantName: string }) {
  const { t } = useLingui();
  const [contactOpened, contact] = useDisclosure(false);
  usePageTitle(t`Tenant suspended`);
  return (
    <Center mih="60dvh" p="xl">
      <Stack align="center" maw={560} gap="md">
        <Title order={1} fz="h2" ta="center">
          {t`${tenantName} is suspended`}
        </Title>
        <Text ta="center">
          <Trans>The tenant's applications can no longer sign users in, and its settings cannot be changed.</Trans>
        </Text>
        <Text ta="center" c="dimmed">
          <Trans>A tenant is suspended when a payment stays overdue or the terms of service are broken. Contact us to restore it.</Trans>
        </Text>
        <Button onClick={contact.open}>
          <Trans>Contact us</Trans>
        </Button>
      </Stack>
      <LazyContactDialog opened={contactOpened} onClose={contact.close} />
    </Center>
  );
}
