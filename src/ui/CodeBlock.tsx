import { useRef } from 'react';
import { ActionIcon, Box, Code, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { DeferredTooltip } from './deferred/DeferredTooltip.tsx';

/** Code to copy: the block, left to right in every language, with a copy button (its tooltip deferred, as CopyableId's). */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const { t } = useLingui();
  const button = useRef<HTMLButtonElement>(null);
  return (
    <Box pos="relative" dir="ltr" maw="100%" miw={0}>
      <Code block fz="xs" pr={44} aria-label={label} style={{ whiteSpace: 'pre', overflowX: 'auto' }} tabIndex={0}>
        {code}
      </Code>
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <>
            <ActionIcon ref={button} pos="absolute" top={6} right={6} variant="default" size="sm" aria-label={t`Copy code: ${label}`} onClick={copy}>
              {copied ? <IconCheck size={14} aria-hidden="true" /> : <IconCopy size={14} aria-hidden="true" />}
            </ActionIcon>
            <DeferredTooltip label={copied ? t`Copied` : t`Copy code`} target={button} shown={copied} />
          </>
        )}
      </CopyButton>
    </Box>
  );
}
