import { Alert, Badge, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPlayerPlay } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import * as z from 'zod/mini';
import type { JwtCustomizerTestEvent, JwtCustomizerTestSnapshot } from '#machines/jwt-customizer-test.machine.ts';
import { codeOf, detailsOf, messageOf } from '#machines/errors.ts';
import { jwtTestFailureGuard, type JwtTest, type JwtTestResult } from '#schemas/jwt-customizer.ts';
import { Button } from '#src/ui/Button.tsx';
import { ConsoleOutput } from './ConsoleOutput.tsx';

export type JwtTestViewProps = {
  state: JwtCustomizerTestSnapshot;
  send: (event: JwtCustomizerTestEvent) => void;
  /** The request from the editor's values now, or undefined when they show errors (a sample that is not JSON). */
  request: () => JwtTest | undefined;
};

const Duration = ({ ms }: { ms: number }) => {
  const { i18n } = useLingui();
  const value = i18n.number(Math.round(ms));
  return (
    <Text fz="xs" c="dimmed">
      <Trans>Ran in {value} ms</Trans>
    </Text>
  );
};

function Passed({ result }: { result: JwtTestResult }) {
  const { t } = useLingui();
  return (
    <Stack gap="sm">
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden="true" />} role="status" title={t`The script returned these claims`}>
        <Duration ms={result.durationMs} />
      </Alert>
      <Code block fz="xs" dir="ltr" aria-label={t`Returned claims`} tabIndex={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {JSON.stringify(result.claims, null, 2)}
      </Code>
      {result.droppedClaims.length > 0 && (
        <Stack gap={4}>
          <Text fz="sm">
            <Trans>Reserved claims the token keeps its own values of (dropped):</Trans>
          </Text>
          <Group gap={6}>
            {result.droppedClaims.map((claim) => (
              <Badge key={claim} variant="light" color="yellow" tt="none" td="line-through">
                {claim}
              </Badge>
            ))}
          </Group>
        </Stack>
      )}
      <Text fz="sm" fw={600}>
        <Trans>Console output</Trans>
      </Text>
      <ConsoleOutput output={result.consoleOutput} />
    </Stack>
  );
}

function Failed({ error }: { error: unknown }) {
  const { t } = useLingui();
  const failure = z.safeParse(jwtTestFailureGuard, detailsOf(error));
  if (!failure.success) {
    // Not a run of the script: the request itself was refused, or the server could not be reached.
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={t`The test could not run`}>
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {codeOf(error) ? `${codeOf(error)}: ${messageOf(error)}` : messageOf(error)}
        </Text>
      </Alert>
    );
  }
  const { code, message, line, consoleOutput, durationMs } = failure.data;
  return (
    <Stack gap="sm">
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertTriangle size={18} aria-hidden="true" />}
        title={code === 'AccessDenied' ? t`The script denied access` : t`The script failed`}
      >
        <Stack gap={4}>
          <Text fz="sm" ff="monospace">
            {code}
          </Text>
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }} dir="auto">
            {message}
          </Text>
          {line !== undefined && (
            <Text fz="sm">
              <Trans>Line {line}</Trans>
            </Text>
          )}
          <Duration ms={durationMs} />
        </Stack>
      </Alert>
      <Text fz="sm" fw={600}>
        <Trans>Console output</Trans>
      </Text>
      <ConsoleOutput output={consoleOutput} />
    </Stack>
  );
}

/** The editor's Test: runs the script as it is now on the samples (nothing is saved), and shows the last result. */
export function JwtTestView({ state, send, request }: JwtTestViewProps) {
  const running = state.matches('running');
  const run = () => {
    const body = request();
    if (body) send({ type: 'RUN', request: body });
  };
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        <Trans>Runs the script as it is now, saved or not, with the variables and the token and context samples. Nothing is saved.</Trans>
      </Text>
      <Button leftSection={<IconPlayerPlay size={16} aria-hidden="true" />} loading={running} onClick={run} style={{ alignSelf: 'flex-start' }}>
        <Trans>Run test</Trans>
      </Button>
      <div aria-live="polite">
        {running && (
          <Text fz="sm" c="dimmed" role="status">
            <Trans>Running…</Trans>
          </Text>
        )}
        {state.matches('passed') && state.context.result && <Passed result={state.context.result} />}
        {state.matches('failed') && <Failed error={state.context.error} />}
      </div>
    </Stack>
  );
}
