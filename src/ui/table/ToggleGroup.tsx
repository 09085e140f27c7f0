import { Button } from '@mantine/core';

export type ToggleOption<T extends string> = { value: T; label: string };

/**
 * One choice of a few, as pressed buttons in a labelled group: a list's filter or order. (A segmented control does the
 * same with code of its own to load.)
 */
export function ToggleGroup<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: ToggleOption<T>[]; onChange: (value: T) => void }) {
  return (
    <div role="group" aria-label={label}>
      <Button.Group>
        {options.map((option) => (
          <Button key={option.value} variant={value === option.value ? 'filled' : 'default'} aria-pressed={value === option.value} onClick={() => onChange(option.value)}>
            {option.label}
          </Button>
        ))}
      </Button.Group>
    </div>
  );
}
