import { Badge } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Application } from '#schemas/application.ts';
import { typeInfoOf } from './application-types.tsx';

/** The app's type, and "Third-party" on a third-party app. */
export function ApplicationTags({ application }: { application: Pick<Application, 'type' | 'isThirdParty'> }) {
  const { i18n } = useLingui();
  return (
    <>
      <Badge variant="default" size="sm" tt="none">
        {i18n._(typeInfoOf(application.type).label)}
      </Badge>
      {application.isThirdParty && (
        <Badge variant="light" size="sm" tt="none">
          <Trans>Third-party</Trans>
        </Badge>
      )}
    </>
  );
}
