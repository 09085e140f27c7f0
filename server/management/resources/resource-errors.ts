import { reservedIndicatorPrefix } from '#schemas/resource.ts';
import { answering, type RefusalMessages } from '#server/api/errors.ts';
import type { ResourceRefusal } from '#server/tenant/resources/domain.ts';
import { notExistsMessage } from '../errors.ts';

/** How the API resources routes answer what the resources' domain refuses. */
const resourceMessages: RefusalMessages<ResourceRefusal> = {
  'entity.not_exists_with_id': notExistsMessage,
  'resource.cannot_modify_management_api': 'The management API cannot be modified.',
  'resource.cannot_delete_management_api': 'The management API cannot be deleted.',
  'resource.reserved_indicator': `API identifiers starting with ${reservedIndicatorPrefix} are reserved.`,
  'resource.resource_identifier_in_use': 'This API identifier is already in use.',
  'scope.name_exists': 'A permission with this name already exists.',
};

export const answer = answering(resourceMessages);
