import { t } from '@lingui/core/macro';
import type { FieldCodes } from '#src/ui/form/form-errors.ts';
import { internalRolePrefix, roleDescriptionMaxLength, roleNameMaxLength } from '#schemas/role.ts';

/** The fields' messages; the rules are the server's guards in schemas/role.ts. */
export const roleFieldMessages = () => ({
  name: t`Enter a name of 1 to ${roleNameMaxLength} characters that does not start with ${internalRolePrefix}.`,
  description: t`Enter a description of 1 to ${roleDescriptionMaxLength} characters.`,
});

/** Server codes that belong to one field of the role forms. */
export const roleFieldCodes = (): FieldCodes => ({
  'role.name_in_use': ['name', t`A role with this name already exists.`],
  'role.internal_role_violation': ['name', t`Role names starting with ${internalRolePrefix} are reserved.`],
  'role.management_api_scopes_not_assignable_to_user_role': ['scopeIds', t`The management API's permissions can only be given to machine-to-machine roles.`],
});
