import { useRef } from 'react';
import { ActionIcon, CopyButton, Group, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { DeferredTooltip } from '../deferred/DeferredTooltip.tsx';

/**
 * A value to copy (an id, an identifier): the value in monospace and a copy button named after what it copies. Its
 * tooltip is deferred, so that a list of them loads no popover code before someone uses the page. A value that does not
 * fit is cut short with an ellipsis, or with `wrap` (a URL someone reads whole) wraps onto more lines.
 */
export function CopyableId({ label, value, wrap = false }: { label: string; value: string; wrap?: boolean }) {
  const { t } = useLingui();
  const button = useRef<HTMLButtonElement>(null);
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      <Text fz="sm" ff="monospace" c="dimmed" {...(wrap ? { miw: 0, style: { overflowWrap: 'anywhere' } } : { truncate: 'end', title: value })}>
        {value}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <>
            <ActionIcon ref={button} variant="subtle" color={copied ? 'teal' : 'gray'} size="sm" aria-label={t`Copy ${label}`} onClick={copy}>
              {copied ? <IconCheck size={14} aria-hidden="true" /> : <IconCopy size={14} aria-hidden="true" />}
            </ActionIcon>
            <DeferredTooltip label={copied ? t`Copied` : t`Copy ${label}`} target={button} shown={copied} />
          </>
        )}
      </CopyButton>
    </Group>
  );
}
