import { ActionIcon, Box, Code, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';

/** Code to copy: the block, left to right in every language, with a copy button. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const { t } = useLingui();
  return (
    <Box pos="relative" dir="ltr" maw="100%" miw={0}>
      <Code block fz="xs" pr={44} aria-label={label} style={{ whiteSpace: 'pre', overflowX: 'auto' }} tabIndex={0}>
        {code}
      </Code>
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t`Copied` : t`Copy code`} withArrow>
            <ActionIcon pos="absolute" top={6} right={6} variant="default" size="sm" aria-label={t`Copy code: ${label}`} onClick={copy}>
              {copied ? <IconCheck size={14} aria-hidden="true" /> : <IconCopy size={14} aria-hidden="true" />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Box>
  );
}
