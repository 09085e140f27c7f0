import { Center, Code, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from './Button.tsx';

export type AppErrorProps = {
  title?: string;
  code?: string;
  message?: string;
  /** The call stack, shown under 'More details'. */
  stack?: string;
  onRetry: () => void;
};

/** The generic error screen. */
export function AppError({ title, code, message, stack, onRetry }: AppErrorProps) {
  const { t } = useLingui();
  return (
    <Center mih="60dvh" p="xl">
      <Stack align="center" maw={640} gap="md" role="alert">
        <Title order={1} fz="h2">
          {title ?? t`Something went wrong`}
        </Title>
        {(code ?? message) && (
          <Text c="dimmed" ta="center">
            {code && <Code mr="xs">{code}</Code>}
            {message}
          </Text>
        )}
        <Button onClick={onRetry}>
          <Trans>Retry</Trans>
        </Button>
        {stack && (
          <details style={{ width: '100%' }}>
            <summary>
              <Trans>More details</Trans>
            </summary>
            <Code block mt="xs">
              {stack}
            </Code>
          </details>
        )}
      </Stack>
    </Center>
  );
}
