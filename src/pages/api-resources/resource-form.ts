import { t } from '@lingui/core/macro';
import type { FieldCodes } from '#src/ui/form/form-errors.ts';
import { maxAccessTokenTtl, minAccessTokenTtl, reservedIndicatorPrefix } from '#schemas/resource.ts';

/** The fields' messages; the rules are the server's guards in schemas/resource.ts. */
export const resourceFieldMessages = () => ({
  name: t`Enter a name of 1 to 256 characters.`,
  indicator: t`Enter an absolute URI without a fragment, such as https://api.example.com.`,
  accessTokenTtl: t`Enter a whole number of seconds from ${minAccessTokenTtl} to ${maxAccessTokenTtl}.`,
});

/** Server codes that belong to one field of the resource forms. */
export const resourceFieldCodes = (): FieldCodes => ({
  'resource.resource_identifier_in_use': ['indicator', t`This API identifier is already in use.`],
  'resource.reserved_indicator': ['indicator', t`API identifiers starting with ${reservedIndicatorPrefix} are reserved.`],
});
