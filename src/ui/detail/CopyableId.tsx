import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';

/** A value to copy (an id, an identifier): the value in monospace and a copy button named after what it copies. */
export function CopyableId({ label, value }: { label: string; value: string }) {
  const { t } = useLingui();
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      <Text fz="sm" ff="monospace" c="dimmed" truncate="end" title={value}>
        {value}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t`Copied` : t`Copy ${label}`} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size="sm" aria-label={t`Copy ${label}`} onClick={copy}>
              {copied ? <IconCheck size={14} aria-hidden="true" /> : <IconCopy size={14} aria-hidden="true" />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
