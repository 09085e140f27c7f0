import { useState, type FormEvent } from 'react';
import { Alert, Group, Stack, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '#src/ui/Button.tsx';
import { Dialog } from '#src/ui/Dialog.tsx';

export type EditFieldModalProps = {
  /** The field's name, as its label. */
  label: string;
  title: string;
  initialValue: string;
  maxLength: number;
  /** The field's own rule: the message of a value that breaks it, shown on the field. */
  validate?: (value: string) => string | undefined;
  /** Saves the value; resolves to the server's message of a conflict (shown in an alert), else undefined. */
  onSave: (value: string) => Promise<string | undefined>;
  onClose: () => void;
};

/** Editing one profile field in a dialog: required, checked by its rule, revalidated on blur, Enter submits. */
export function EditFieldModal({ label, title, initialValue, maxLength, validate, onSave, onClose }: EditFieldModalProps) {
  const { t } = useLingui();
  const [value, setValue] = useState(initialValue);
  const [touched, setTouched] = useState(false);
  const [conflict, setConflict] = useState<string>();
  const [saving, setSaving] = useState(false);
  const missing = value.trim() === '';
  const requiredMessage = t`${label} is required`;
  const error = missing ? requiredMessage : validate?.(value.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (error) return;
    setSaving(true);
    setConflict(undefined);
    try {
      setConflict(await onSave(value.trim()));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog opened onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {conflict && (
            <Alert color="red" role="alert">
              {conflict}
            </Alert>
          )}
          <TextInput
            label={label}
            required
            data-autofocus
            value={value}
            maxLength={maxLength}
            error={touched ? error : undefined}
            onBlur={() => setTouched(true)}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={saving}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
