import { Group, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import { patchRoleGuard, roleDescriptionMaxLength, roleNameMaxLength, type Role } from '#schemas/role.ts';
import { useDetail } from '#src/data/detail.ts';
import { roleQueries, useUpdateRole } from '#src/data/roles.ts';
import { DetailsForm } from '#src/ui/form/DetailsForm.tsx';
import { schemaValidator } from '#src/ui/form/form-errors.ts';
import { formErrors } from '#src/ui/form/show-form-error.ts';
import { markSaved } from '#src/ui/form/mark-saved.ts';
import { roleFieldCodes, roleFieldMessages } from '../role-form.ts';

type GeneralValues = Pick<Role, 'name' | 'description' | 'isDefault'>;
const valuesOf = ({ name, description, isDefault }: Role): GeneralValues => ({ name, description, isDefault });

/** Name, description and, for a User role, whether every new user gets it (roles.md §4, §5). */
export function GeneralTab() {
  const { t } = useLingui();
  const { entity: role } = useDetail(roleQueries.detail);
  const messages = roleFieldMessages();
  const fieldErrors = formErrors({ messages, codes: roleFieldCodes() });
  const updateRole = useUpdateRole(role.id, { handles: fieldErrors.handles });
  const form = useForm<GeneralValues>({ initialValues: valuesOf(role), validate: schemaValidator(patchRoleGuard, messages) });

  const submit = form.onSubmit(async (values) => {
    const patch = Object.fromEntries(Object.entries(values).filter(([key, value]) => value !== role[key as keyof GeneralValues]));
    try {
      markSaved(form, valuesOf(await updateRole.mutateAsync(patch)));
      notifications.show({ color: 'green', message: t`Saved` });
    } catch (error) {
      fieldErrors.show(form, error);
    }
  });

  return (
    <DetailsForm dirty={form.isDirty()} saving={updateRole.isPending} onSubmit={submit} onDiscard={form.reset}>
      <Title order={2} fz="h3">
        <Trans>General</Trans>
      </Title>
      <Stack gap="md" maw={640}>
        <TextInput label={t`Role name`} required maxLength={roleNameMaxLength} {...form.getInputProps('name')} />
        <Textarea label={t`Description`} required maxLength={roleDescriptionMaxLength} autosize minRows={2} {...form.getInputProps('description')} />
        {role.type === 'User' && (
          <Group>
            <Switch
              label={t`Default role`}
              description={t`Every new user gets this role. Turning it on does not give it to existing users.`}
              {...form.getInputProps('isDefault', { type: 'checkbox' })}
            />
          </Group>
        )}
      </Stack>
    </DetailsForm>
  );
}
