import { Code, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JwtConsoleOutput } from '#schemas/jwt-customizer.ts';

/** What the script printed with `console.*`, in order, each line with its level. */
export function ConsoleOutput({ output }: { output: JwtConsoleOutput }) {
  const { t } = useLingui();
  if (output.lines.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        <Trans>The script printed nothing.</Trans>
      </Text>
    );
  }
  const text = output.lines.map(({ level, message }) => `[${level}] ${message}`).join('\n');
  return (
    <Stack gap={4}>
      <Code block fz="xs" dir="ltr" aria-label={t`Console output`} tabIndex={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 200, overflowY: 'auto' }}>
        {text}
      </Code>
      {output.truncated && (
        <Text fz="xs" c="dimmed">
          <Trans>The output was cut at 2 KiB.</Trans>
        </Text>
      )}
    </Stack>
  );
}
