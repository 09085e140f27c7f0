import { Suspense } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SignInExperienceSaveEvent, SignInExperienceSaveSnapshot } from '#machines/sign-in-experience-save.machine.ts';
import type { SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { Button } from '#src/ui/Button.tsx';
import { lazyComponent } from '#src/ui/lazyDialog.tsx';

const ChangesModal = lazyComponent(async () => (await import('./ChangesModal.tsx')).ChangesModal);

export type SaveViewProps = {
  state: SignInExperienceSaveSnapshot;
  send: (event: SignInExperienceSaveEvent) => void;
  /** The saved document, and the document the save would leave. */
  before: SignInExperienceSettings;
};

/** What the save shows besides the form's bar: the changes to confirm, and the notice that someone else saved. */
export function SaveView({ state, send, before }: SaveViewProps) {
  const { t } = useLingui();
  const { patch } = state.context;
  if (state.matches('confirming') && patch) {
    return (
      <Suspense fallback={null}>
        <ChangesModal before={before} after={{ ...before, ...patch }} onResult={(result) => send({ type: result === 'confirmed' ? 'CONFIRM' : 'CANCEL' })} />
      </Suspense>
    );
  }
  if (!state.matches('conflict') && !state.matches('reloading')) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={t`Someone else saved the sign-in experience`}>
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">
          <Trans>Your changes were not saved, and they are still here. Reload their version, check your changes against it, then save again.</Trans>
        </Text>
        <Button size="xs" variant="light" color="red" loading={state.matches('reloading')} onClick={() => send({ type: 'RELOAD' })}>
          <Trans>Reload their version</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}
