import { Suspense, useRef, type ReactNode } from 'react';
import { Group, PasswordInput, Skeleton, Stack, Switch, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { DeferredTooltip } from '#src/ui/deferred/DeferredTooltip.tsx';
import { lazyComponent } from '#src/ui/lazyDialog.tsx';
import { useLingui } from '@lingui/react/macro';
import type { FormItem } from '#schemas/connector.ts';
import { formItemsOf, isShown, itemInLanguage, jsonKey, type ConfigValues } from './config-form.ts';

// The heavier controls load only when a factory's form has a field of their type: the dev mailbox's loads none of the
// combobox, number or JSON code.
const NumberField = lazyComponent(async () => (await import('./fields/NumberField.tsx')).NumberField);
const SelectField = lazyComponent(async () => (await import('./fields/SelectFields.tsx')).SelectField);
const MultiSelectField = lazyComponent(async () => (await import('./fields/SelectFields.tsx')).MultiSelectField);
const JsonField = lazyComponent(async () => (await import('./fields/JsonField.tsx')).JsonField);
const TextareaField = lazyComponent(async () => (await import('./fields/TextareaField.tsx')).TextareaField);

type InputProps = { value?: unknown; onChange: (value: unknown) => void; error?: ReactNode; checked?: boolean };

export type ConfigFieldsProps = {
  items: FormItem[] | undefined;
  values: ConfigValues;
  /** A field's props from the form (`form.getInputProps('config.' + key)`). */
  inputProps: (key: string, type?: 'checkbox') => InputProps;
  /** Confidential keys with a saved value: empty keeps it. */
  kept: ReadonlySet<string>;
};

function Label({ item }: { item: FormItem }) {
  const icon = useRef<SVGSVGElement>(null);
  if (!item.tooltip) return item.label;
  return (
    <Group component="span" gap={4} wrap="nowrap" display="inline-flex">
      {item.label}
      <IconInfoCircle ref={icon} size={14} tabIndex={0} role="img" aria-label={item.tooltip} />
      <DeferredTooltip label={item.tooltip} target={icon as never} />
    </Group>
  );
}

/** The parameters of a connector, one field per form item of its factory (connectors.md §4.2); hidden items are left out. */
export function ConfigFields({ items, values, inputProps, kept }: ConfigFieldsProps) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap="md">
      {formItemsOf(items)
        .filter((item) => isShown(item, values))
        .map((item) => itemInLanguage(item, i18n.locale))
        .map((item) => {
          const label = item.label;
          const props = inputProps(item.key, item.type === 'Switch' ? 'checkbox' : undefined);
          const common = {
            label: item.key === jsonKey ? t`Configuration (JSON)` : <Label item={item} />,
            description: item.description,
            placeholder: item.placeholder,
            required: item.required && item.type !== 'Switch' && !kept.has(item.key),
            error: props.error,
          };
          const text = { value: String(props.value ?? ''), onChange: (event: { currentTarget: { value: string } }) => props.onChange(event.currentTarget.value) };
          switch (item.type) {
            case 'Text':
              return item.isConfidential ? (
                <PasswordInput
                  key={item.key}
                  {...common}
                  {...text}
                  autoComplete="off"
                  placeholder={kept.has(item.key) ? t`Saved. Leave empty to keep it.` : item.placeholder}
                  visibilityToggleButtonProps={{ 'aria-label': t`Show or hide ${label}` }}
                />
              ) : (
                <TextInput key={item.key} {...common} {...text} />
              );
            case 'MultilineText':
              return <TextareaField key={item.key} {...common} {...text} />;
            case 'Number':
              return <NumberField key={item.key} {...common} value={props.value as number | string} onChange={props.onChange} />;
            case 'Switch':
              return <Switch key={item.key} label={common.label} description={common.description} checked={Boolean(props.checked)} onChange={(event) => props.onChange(event.currentTarget.checked)} />;
            case 'Select':
              return (
                <SelectField
                  key={item.key}
                  {...common}
                  data={(item.selectItems ?? []).map(({ value, title }) => ({ value, label: title ?? value }))}
                  value={(props.value as string) || null}
                  onChange={(value) => props.onChange(value ?? '')}
                  allowDeselect={!item.required}
                />
              );
            case 'MultiSelect':
              return (
                <MultiSelectField
                  key={item.key}
                  {...common}
                  data={(item.selectItems ?? []).map(({ value, title }) => ({ value, label: title ?? value }))}
                  value={(props.value as string[]) ?? []}
                  onChange={props.onChange}
                />
              );
            case 'Json':
              return <JsonField key={item.key} {...common} {...text} onChange={props.onChange} />;
          }
        })
        .map((field) => (
          // A control whose code is still loading holds its place; the others show at once.
          <Suspense key={field.key} fallback={<Skeleton h={60} />}>
            {field}
          </Suspense>
        ))}
    </Stack>
  );
}
