import { useState } from 'react';
import { Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { t as translate } from '@lingui/core/macro';
import { patchApplicationSecretGuard, secretNameMaxLength, type ApplicationSecret, type CreatedApplicationSecret } from '#schemas/application.ts';
import { useCreateSecret, useRenameSecret } from '#src/data/applications.ts';
import { Button } from '#src/ui/Button.tsx';
import { schemaValidator, type FieldCodes } from '#src/ui/form/form-errors.ts';
import { formErrors } from '#src/ui/form/show-form-error.ts';
import { SecretOnce } from '../SecretOnce.tsx';
import { Dialog } from '#src/ui/Dialog.tsx';

export type SecretModalProps = {
  applicationId: string;
  /** The secret to rename; none to create one. */
  secret?: ApplicationSecret;
  onClose: () => void;
};

/** Days until a new secret expires; 0 is never (applications.md §6). */
const lifetimes = [0, 7, 30, 180, 365] as const;
const day = 86_400_000;

const secretFieldMessages = () => ({ name: translate`Enter a name of 1 to 256 characters.` });
const secretFieldCodes = (): FieldCodes => ({
  'application.secret_name_exists': ['name', translate`A secret with this name already exists.`],
});

/** Creates a secret (its value then shown once) or renames one. */
export function SecretModal({ applicationId, secret, onClose }: SecretModalProps) {
  const { t, i18n } = useLingui();
  const messages = secretFieldMessages();
  const fieldErrors = formErrors({ messages, codes: secretFieldCodes() });
  const createSecret = useCreateSecret(applicationId, { handles: fieldErrors.handles });
  const renameSecret = useRenameSecret(applicationId, { handles: fieldErrors.handles });
  const [created, setCreated] = useState<CreatedApplicationSecret>();
  const form = useForm({ initialValues: { name: secret?.name ?? '', days: '0' }, validate: ({ name }) => schemaValidator(patchApplicationSecretGuard, messages)({ name }) });
  const days = Number(form.getValues().days);
  const formatDate = (date: Date) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long' }).format(date);

  const submit = form.onSubmit(async ({ name }) => {
    try {
      if (secret) {
        await renameSecret.mutateAsync({ name: secret.name, newName: name });
        onClose();
      } else {
        setCreated(await createSecret.mutateAsync({ name, expiresAt: days ? new Date(Date.now() + days * day).toISOString() : null }));
      }
    } catch (error) {
      fieldErrors.show(form, error);
    }
  });

  return (
    <Dialog
      opened
      onClose={onClose}
      title={created ? t`App secret` : secret ? t`Rename secret` : t`Create secret`}
      centered
    >
      {created ? (
        <SecretOnce secret={created} onDone={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput label={t`Secret name`} required maxLength={secretNameMaxLength} data-autofocus {...form.getInputProps('name')} />
            {!secret && (
              <NativeSelect
                label={t`Expires`}
                description={days ? t`The secret expires on ${formatDate(new Date(Date.now() + days * day))}.` : t`The secret never expires.`}
                data={lifetimes.map((value) => ({ value: String(value), label: value ? new Intl.NumberFormat(i18n.locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(value) : t`Never` }))}
                {...form.getInputProps('days')}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" loading={createSecret.isPending || renameSecret.isPending}>
                {secret ? <Trans>Save</Trans> : <Trans>Create secret</Trans>}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
