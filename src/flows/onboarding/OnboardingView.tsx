import { useState, type FormEvent } from 'react';
import { Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import {
  defaultOnboardingTenantName,
  type OnboardingDraft,
  type OnboardingEvent,
  type OnboardingSnapshot,
} from '#machines/onboarding.machine.ts';
import { tenantNameMaxLength } from '#schemas/tenant.ts';
import { AppError } from '#src/ui/AppError.tsx';
import { Button } from '#src/ui/Button.tsx';
import { EmailTagInput } from '#src/ui/EmailTagInput.tsx';
import { PageLoader } from '#src/ui/PageLoader.tsx';
import { RegionRadioGroup } from '../create-tenant/RegionRadioGroup.tsx';

export type OnboardingViewProps = {
  state: OnboardingSnapshot;
  send: (event: OnboardingEvent) => void;
};

/** Onboarding (spec 01 §2): a loader while the preferences load, then the create-tenant page. */
export function OnboardingView({ state, send }: OnboardingViewProps) {
  if (state.matches('error')) return <AppError message={state.context.error} onRetry={() => send({ type: 'RETRY' })} />;
  if (state.matches('loading') || state.matches('leaving')) return <PageLoader />;
  return <CreateFirstTenant state={state} send={send} />;
}

function CreateFirstTenant({ state, send }: OnboardingViewProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(state.context.draft);
  const edit = (change: Partial<OnboardingDraft>) => setDraft((current) => ({ ...current, ...change }));
  // An invalid address still typed in the collaborator input holds the submit back, so nothing typed is lost.
  const [collaboratorsValid, setCollaboratorsValid] = useState(true);
  const busy = !state.matches('editing');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (collaboratorsValid) send({ type: 'SUBMIT', draft });
  };

  return (
    <Stack maw={640} mx="auto" p="xl" gap="lg">
      <div>
        <Title order={1} fz="h2">
          {t`Create your first tenant`}
        </Title>
        <Text c="dimmed" mt="xs">
          {t`A tenant holds the applications, users and settings of one project. You can create more tenants later.`}
        </Text>
      </div>
      <Paper withBorder p="lg" component="form" onSubmit={submit} noValidate aria-label={t`Create your first tenant`}>
        <Stack gap="lg">
          <TextInput
            data-autofocus
            label={t`Tenant name`}
            placeholder={defaultOnboardingTenantName}
            maxLength={tenantNameMaxLength}
            value={draft.name}
            disabled={busy}
            onChange={(event) => edit({ name: event.currentTarget.value })}
          />
          <RegionRadioGroup value={draft.regionName} disabled={busy} onChange={(regionName) => edit({ regionName })} />
          <EmailTagInput
            label={t`Invite collaborators`}
            description={t`Optional. Type an e-mail address, then press space or Enter. They join as collaborators.`}
            placeholder={t`name@example.com`}
            value={draft.collaborators}
            disabled={busy}
            onChange={(collaborators) => edit({ collaborators })}
            onValidityChange={setCollaboratorsValid}
          />
          <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
            {t`Create`}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
