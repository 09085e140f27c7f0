import { useState } from 'react';
import { Group, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useConfig } from '#src/config.ts';
import { useWebhookCalls } from '#src/data/webhooks.ts';
import { Button } from '#src/ui/Button.tsx';
import { devInboxNameOf } from './webhook-form.ts';

/**
 * Where the server keeps a dev webhook inbox (local setups, no SMTP: webhooks.md §7, idea 2), one click fills the
 * endpoint with the tenant's inbox named after the hook; nothing shows elsewhere. A failure is the API client's toast.
 */
export function DevInboxButton({ hookName, onUrl }: { hookName: string; onUrl: (url: string) => void }) {
  const { t } = useLingui();
  const { devWebhookInbox } = useConfig();
  const calls = useWebhookCalls();
  const [loading, setLoading] = useState(false);
  if (!devWebhookInbox) return null;

  const fill = async () => {
    setLoading(true);
    try {
      onUrl((await calls.devInbox(devInboxNameOf(hookName))).url);
    } catch {
      // Reported by the API client.
    } finally {
      setLoading(false);
    }
  };

  return (
    <Group gap="xs" wrap="wrap">
      <Button
        variant="light"
        size="xs"
        leftSection={<IconInbox size={16} aria-hidden />}
        loading={loading}
        onClick={() => void fill()}
        h="auto"
        mih={30}
        py={4}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
      >
        <Trans>Use the dev webhook inbox</Trans>
      </Button>
      <Text fz="xs" c="dimmed">
        {t`This server keeps each request it receives there; open the URL to see them. For local use only.`}
      </Text>
    </Group>
  );
}
