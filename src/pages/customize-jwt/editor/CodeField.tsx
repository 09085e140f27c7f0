import { useId, type ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { CodeEditor, type CodeEditorProps } from './CodeEditor.tsx';

export type CodeFieldProps = Pick<CodeEditorProps, 'value' | 'onChange' | 'language' | 'errorLine' | 'height'> & {
  label: string;
  description?: ReactNode;
  error?: string;
  /** Beside the label (restore the template, reset a sample). */
  actions?: ReactNode;
};

/** A labelled code editor with its description and error, as a form field. */
export function CodeField({ label, description, error, actions, ...editor }: CodeFieldProps) {
  const id = useId();
  const described = [description && `${id}-description`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <Stack gap={6} miw={0}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text component="label" id={`${id}-label`} fz="sm" fw={500}>
          {label}
        </Text>
        {actions}
      </Group>
      {description && (
        <Text id={`${id}-description`} fz="xs" c="dimmed">
          {description}
        </Text>
      )}
      <CodeEditor {...editor} labelledBy={`${id}-label`} describedBy={described} invalid={Boolean(error)} />
      {error && (
        <Text id={`${id}-error`} fz="sm" c="var(--mantine-color-error)" style={{ overflowWrap: 'anywhere' }}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
