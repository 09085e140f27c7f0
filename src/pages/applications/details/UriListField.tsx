import { ActionIcon, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '#src/ui/Button.tsx';

export type UriListFieldProps<Values> = {
  form: UseFormReturnType<Values>;
  /** The list's path in the form's values, e.g. `oidcClientMetadata.redirectUris`. */
  path: string;
  label: string;
  description: string;
  placeholder: string;
};

/** A list of URIs to edit: one input each, a remove button each, and "Add" for another. */
export function UriListField<Values>({ form, path, label, description, placeholder }: UriListFieldProps<Values>) {
  const { t } = useLingui();
  const items = (form.getInputProps(path).value ?? []) as string[];
  return (
    <Fieldset legend={label} variant="unstyled">
      <Stack gap="xs">
        <Text fz="xs" c="dimmed">
          {description}
        </Text>
        {items.map((_, index) => (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              flex={1}
              aria-label={`${label} ${index + 1}`}
              placeholder={placeholder}
              maxLength={2048}
              dir="ltr"
              {...form.getInputProps(`${path}.${index}`)}
            />
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Remove ${label} ${index + 1}`} onClick={() => form.removeListItem(path, index)}>
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={() => form.insertListItem(path, '' as never)}>
            <Trans>Add</Trans>
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
