import { Alert, Code, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Application } from '#schemas/application.ts';
import { useUpdateApplication } from '#src/data/applications.ts';
import { Button } from '#src/ui/Button.tsx';

/** The URIs a guide's sample runs on when the app has none of its own. */
export const sampleUris = { redirectUri: 'http://localhost:3000/callback', postLogoutRedirectUri: 'http://localhost:3000' };

/**
 * The app has no redirect URI, so the issuer would refuse the sample's sign-in: offer to add the sample's URIs in one
 * click. Once added, the app has them, the guide's code shows them and this notice goes.
 */
export function SampleUrisNotice({ application }: { application: Application }) {
  const { t } = useLingui();
  const update = useUpdateApplication(application.id);
  const metadata = application.oidcClientMetadata;
  const { redirectUri, postLogoutRedirectUri } = sampleUris;
  if (application.type === 'MachineToMachine' || metadata.redirectUris.length > 0) return null;
  // A failure shows as the API client's error toast.
  const add = () =>
    update.mutate({
      oidcClientMetadata: {
        ...metadata,
        redirectUris: [redirectUri],
        postLogoutRedirectUris: metadata.postLogoutRedirectUris.length ? metadata.postLogoutRedirectUris : [postLogoutRedirectUri],
      },
    });
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />} title={t`This app has no redirect URI yet`} role="region">
      <Group justify="space-between" gap="sm">
        <Text fz="sm">
          <Trans>
            The sample signs in with <Code dir="ltr">{redirectUri}</Code> and returns to <Code dir="ltr">{postLogoutRedirectUri}</Code> after
            sign-out. Add them to this app to try it as it is.
          </Trans>
        </Text>
        <Button size="xs" loading={update.isPending} onClick={add}>
          <Trans>Add the sample's URIs</Trans>
        </Button>
      </Group>
    </Alert>
  );
}
