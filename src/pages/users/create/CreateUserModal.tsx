import { useState } from 'react';
import { Alert, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { createUserGuard, type CreatedUser, type CreateUser } from '#schemas/tenant-user.ts';
import { identifierMaxLength } from '#schemas/user.ts';
import { ApiError } from '#src/api/errors.ts';
import { useCreateUser } from '#src/data/users.ts';
import { Button } from '#src/ui/Button.tsx';
import { Dialog } from '#src/ui/Dialog.tsx';
import { schemaValidator } from '#src/ui/form/form-errors.ts';
import { formErrors } from '#src/ui/form/show-form-error.ts';
import { NewPasswordDialog } from '../NewPasswordDialog.tsx';
import {
  hasIdentifier,
  identifierFields,
  identifierValue,
  missingIdentifierCode,
  missingIdentifierErrors,
  userFieldCodes,
  userFieldMessages,
  type IdentifierValues,
} from '../user-form.ts';

type CreateUserValues = IdentifierValues & { name: string };

/** The fields that were filled in, trimmed; `send` also normalises the phone to its digits. */
function bodyOf(values: CreateUserValues, send = false): CreateUser {
  const body: Record<string, string> = {};
  for (const field of identifierFields) {
    const value = send ? identifierValue(field, values[field]) : values[field].trim();
    if (value) body[field] = value;
  }
  if (values.name.trim()) body.name = values.name.trim();
  return body;
}

/**
 * Creates a user (users.md §3): e-mail, phone, username and name, at least one identifier; the server generates the
 * password. Then the "user created" dialog shows it once; "Check user details" opens the user in place of the list.
 */
export function CreateUserModal({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const { tenantId } = useParams({ from: '/_console/$tenantId' });
  const navigate = useNavigate();
  const messages = userFieldMessages();
  const fieldErrors = formErrors({ messages, codes: userFieldCodes() });
  const createUser = useCreateUser({ handles: [...fieldErrors.handles, missingIdentifierCode] });
  const [created, setCreated] = useState<CreatedUser>();
  const form = useForm<CreateUserValues>({
    initialValues: { primaryEmail: '', primaryPhone: '', username: '', name: '' },
    validate: (values) => (hasIdentifier(values) ? schemaValidator(createUserGuard, messages)(bodyOf(values)) : missingIdentifierErrors()),
    // Typing an identifier answers "an identifier is needed": the other fields are no longer red for it.
    onValuesChange: (values) => {
      if (form.errors.identifier && hasIdentifier(values)) form.clearErrors();
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      setCreated(await createUser.mutateAsync(bodyOf(values, true)));
    } catch (error) {
      if (error instanceof ApiError && error.code === missingIdentifierCode) form.setErrors(missingIdentifierErrors());
      else fieldErrors.show(form, error);
    }
  });

  if (created) {
    return (
      <NewPasswordDialog
        title={t`User created`}
        user={created}
        onClose={onClose}
        actions={
          <Button
            data-autofocus
            onClick={() => void navigate({ to: '/$tenantId/users/$id/settings', params: { tenantId, id: created.id }, search: {}, replace: true })}
          >
            <Trans>Check user details</Trans>
          </Button>
        }
      />
    );
  }

  const missing = form.errors.identifier;
  return (
    <Dialog opened onClose={onClose} title={t`Create user`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t`E-mail`} type="email" autoComplete="off" maxLength={identifierMaxLength} data-autofocus {...form.getInputProps('primaryEmail')} />
          <TextInput label={t`Phone number`} type="tel" autoComplete="off" maxLength={identifierMaxLength} {...form.getInputProps('primaryPhone')} />
          <TextInput label={t`Username`} autoComplete="off" maxLength={identifierMaxLength} {...form.getInputProps('username')} />
          <TextInput label={t`Name`} autoComplete="off" maxLength={identifierMaxLength} {...form.getInputProps('name')} />
          {missing && (
            <Alert color="red" variant="light" role="alert">
              {missing}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={createUser.isPending}>
              <Trans>Create user</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
