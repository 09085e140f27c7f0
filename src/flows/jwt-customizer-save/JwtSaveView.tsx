import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import * as z from 'zod/mini';
import type { JwtCustomizerSaveSnapshot } from '#machines/jwt-customizer-save.machine.ts';
import { codeOf, detailsOf } from '#machines/errors.ts';
import { jwtScriptProblemGuard } from '#schemas/jwt-customizer.ts';
import { Button } from '#src/ui/Button.tsx';

export type JwtSaveViewProps = {
  state: JwtCustomizerSaveSnapshot;
  /** Validates the editor's values and sends SAVE when they pass. */
  onSave: () => void;
  onCancel: () => void;
  /** The plan lacks the feature: Save is disabled. */
  disabled?: boolean;
};

/** The compile error the server found at save, with its line: what the script editor marks. */
export const scriptProblemOf = (error: unknown) => {
  if (codeOf(error) !== 'jwt_customizer.invalid_script') return undefined;
  const problem = z.safeParse(jwtScriptProblemGuard, detailsOf(error));
  return problem.success ? problem.data : undefined;
};

/** The editor's Save and Cancel ("Create" for a new script), and why the last save was refused when the script is at fault. */
export function JwtSaveActions({ state, onSave, onCancel, disabled }: JwtSaveViewProps) {
  const saving = state.matches('saving');
  return (
    <Group gap="sm" wrap="nowrap">
      <Button variant="default" onClick={onCancel} disabled={saving}>
        <Trans>Cancel</Trans>
      </Button>
      <Button onClick={onSave} loading={saving} disabled={disabled}>
        {state.context.creating ? <Trans>Create</Trans> : <Trans>Save</Trans>}
      </Button>
    </Group>
  );
}

/** A refused save whose reason is the script: the compiler's message and line, above the editor. */
export function JwtSaveFailure({ state }: { state: JwtCustomizerSaveSnapshot }) {
  const { t } = useLingui();
  const problem = state.matches('failed') ? scriptProblemOf(state.context.error) : undefined;
  if (!problem) return null;
  const { line, message } = problem;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={t`The script was not saved`}>
      <Stack gap={2}>
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {line !== undefined ? t`Line ${line}: ${message}` : message}
        </Text>
      </Stack>
    </Alert>
  );
}
