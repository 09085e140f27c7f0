import { Button, Group } from '@mantine/core';

export type ToggleOption<T extends string> = { value: T; label: string };

/**
 * One choice of a few, as pressed buttons in a labelled group: a list's filter or order. (A segmented control does the
 * same with code of its own to load.) The buttons wrap onto a second line rather than push a phone's page sideways.
 */
export function ToggleGroup<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: ToggleOption<T>[]; onChange: (value: T) => void }) {
  return (
    <Group role="group" aria-label={label} gap={6} wrap="wrap">
      {options.map((option) => (
        <Button key={option.value} variant={value === option.value ? 'filled' : 'default'} aria-pressed={value === option.value} onClick={() => onChange(option.value)}>
          {option.label}
        </Button>
      ))}
    </Group>
  );
}
