import { internalRolePrefix } from '#schemas/role.ts';
import { answering, HttpError, type RefusalMessages } from '#server/api/errors.ts';
import { isInternalRoleName, type RoleRefusal } from '#server/tenant/roles/domain.ts';
import { notExistsMessage } from '../errors.ts';

/** How the roles routes answer what the roles' domain refuses. */
const roleMessages: RefusalMessages<RoleRefusal> = {
  'entity.not_exists_with_id': notExistsMessage,
  'role.internal_role_violation': `Roles named ${internalRolePrefix}… are the server's own.`,
  'role.name_in_use': 'A role with this name already exists.',
  'role.default_role_must_be_user_role': 'Only user roles can be default roles.',
  'role.management_api_scopes_not_assignable_to_user_role': "The management API's permissions can only be given to machine-to-machine roles.",
  'user.invalid_role_type': 'Only user roles can be given to users.',
  'application.invalid_role_type': 'Only machine-to-machine roles can be given to applications.',
  'application.invalid_type': 'Only machine-to-machine applications can hold roles.',
};

export const answer = answering(roleMessages);

/** A role's body naming an internal role is 403 rather than the guard's 400, as for every other change to one. */
export const refuseInternalRole = {
  body: (body: unknown) =>
    typeof body === 'object' && body !== null && isInternalRoleName((body as { name?: unknown }).name)
      ? new HttpError('role.internal_role_violation', roleMessages['role.internal_role_violation'] as string)
      : undefined,
};
