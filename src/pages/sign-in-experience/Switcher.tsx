import { Button } from '@mantine/core';

/** A choice of a few values as pressed buttons (lighter than a segmented control, which the page would load for it). */
export function Switcher<T extends string>({ label, value, onChange, data }: { label: string; value: T; onChange: (value: T) => void; data: Record<T, string> }) {
  return (
    <Button.Group aria-label={label}>
      {(Object.entries(data) as [T, string][]).map(([option, name]) => (
        <Button key={option} size="xs" variant={option === value ? 'filled' : 'default'} aria-pressed={option === value} onClick={() => onChange(option)}>
          {name}
        </Button>
      ))}
    </Button.Group>
  );
}
