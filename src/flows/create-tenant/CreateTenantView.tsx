import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { tenantTags, type TenantTag } from '#schemas/constants.ts';
import { tenantNameMaxLength } from '#schemas/tenant.ts';
import type { CreateTenantEvent, CreateTenantSnapshot, TenantDraft } from '#machines/create-tenant.machine.ts';
import { Button } from '#src/ui/Button.tsx';
import { RegionRadioGroup } from './RegionRadioGroup.tsx';
import { Dialog } from '#src/ui/Dialog.tsx';

export type CreateTenantViewProps = {
  state: CreateTenantSnapshot;
  send: (event: CreateTenantEvent) => void;
  onClose: () => void;
  /** The plan-selection modal of a production tenant, shown instead of the form while the plan is chosen. */
  planSelection?: ReactNode;
};

const isTag = (value: string): value is TenantTag => (tenantTags as readonly string[]).includes(value);

/**
 * The create-tenant modal (spec 01 §2): name, region and usage purpose; closing is disabled while it creates. A
 * production tenant's plan is chosen in the plan-selection modal, which replaces this one until it is closed.
 */
export function CreateTenantView({ state, send, onClose, planSelection }: CreateTenantViewProps) {
  const { t } = useLingui();
  const nameInput = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(state.context.draft);
  const edit = (change: Partial<TenantDraft>) => setDraft((current) => ({ ...current, ...change }));
  const { showErrors } = state.context;
  const busy = !state.matches('editing');
  const choosingPlan = state.matches('selectingPlan') || state.matches('planChosen');
  const nameError = showErrors && draft.name.trim() === '' ? t`Tenant name is required.` : undefined;
  const purposes: Record<TenantTag, { label: string; description: string }> = {
    development: { label: t`Development`, description: t`For building and testing. Free, with development limits; not for live users.` },
    production: { label: t`Production`, description: t`For live apps with real users, on a plan you choose.` },
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.name.trim() === '') nameInput.current?.focus();
    send({ type: 'SUBMIT', draft });
  };

  return (
    <>
    {choosingPlan && planSelection}
    <Dialog opened={!choosingPlan} onClose={busy ? () => {} : onClose} title={t`Create tenant`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <TextInput
            ref={nameInput}
            data-autofocus
            label={t`Tenant name`}
            withAsterisk
            aria-required
            maxLength={tenantNameMaxLength}
            value={draft.name}
            error={nameError}
            disabled={busy}
            onChange={(event) => edit({ name: event.currentTarget.value })}
          />
          <RegionRadioGroup value={draft.regionName} disabled={busy} onChange={(regionName) => edit({ regionName })} />
          <Radio.Group
            label={t`Usage purpose`}
            value={draft.tag}
            onChange={(tag) => isTag(tag) && edit({ tag })}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
              {tenantTags.map((tag) => (
                // A button centres its content; the cards, stretched to the same height, start theirs at the top alike.
                <Radio.Card key={tag} value={tag} disabled={busy} p="md" aria-label={purposes[tag].label} style={{ display: 'flex', flexDirection: 'column' }}>
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator />
                    <div>
                      <Text fw={600}>{purposes[tag].label}</Text>
                      <Text fz="sm" c="dimmed">
                        {purposes[tag].description}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t`Cancel`}
            </Button>
            <Button type="submit" loading={busy}>
              {t`Create tenant`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
    </>
  );
}
