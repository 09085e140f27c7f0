import { Checkbox, Fieldset, Input, SimpleGrid, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { hookEventGroupNames, hookEventGroups, type HookEvent } from '#schemas/webhook.ts';
import { eventGroupNames } from './event-groups.ts';

export type EventsFieldProps = { value: HookEvent[]; onChange: (events: HookEvent[]) => void; error?: string };

/** The events a hook is sent for, as checkboxes in their groups; at least one. */
export function EventsField({ value, onChange, error }: EventsFieldProps) {
  const { t, i18n } = useLingui();
  const chosen = new Set<string>(value);
  const toggle = (event: HookEvent, checked: boolean) => onChange(checked ? [...value, event] : value.filter((each) => each !== event));
  return (
    <Input.Wrapper label={t`Events`} description={t`The webhook is sent when any of these happens.`} required error={error}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm" mt="xs">
        {hookEventGroupNames.map((group) => (
          <Fieldset key={group} legend={i18n._(eventGroupNames[group])} variant="unstyled">
            <Stack gap={6}>
              {hookEventGroups[group].map((event) => (
                <Checkbox
                  key={event}
                  checked={chosen.has(event)}
                  onChange={(change) => toggle(event, change.currentTarget.checked)}
                  label={
                    <Text component="span" fz="sm" ff="monospace" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                      {event}
                    </Text>
                  }
                  aria-invalid={error ? true : undefined}
                />
              ))}
            </Stack>
          </Fieldset>
        ))}
      </SimpleGrid>
    </Input.Wrapper>
  );
}
