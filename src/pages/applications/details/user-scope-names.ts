import { t } from '@lingui/core/macro';
import type { UserConsentScope } from '#schemas/user-consent.ts';

/** What each user scope gives a third-party app, as its consent page names it. */
export const userScopeDescription = (scope: UserConsentScope) =>
  ({
    profile: t`Name, username and picture`,
    email: t`E-mail address`,
    phone: t`Phone number`,
    address: t`Postal address`,
    custom_data: t`Custom data`,
    identities: t`Linked social accounts`,
    roles: t`Roles`,
  })[scope];
