import { Radio, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { SignInExperienceValues } from './form.ts';

/** A field of the form as a column of radios, one per value with its label. */
export function RadioChoices({ form, path, label, choices }: { form: UseFormReturnType<SignInExperienceValues>; path: string; label: string; choices: [string, string][] }) {
  return (
    <Radio.Group label={label} {...form.getInputProps(path)}>
      <Stack gap="xs" mt="xs">
        {choices.map(([value, choice]) => (
          <Radio key={value} value={value} label={choice} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
