import { useEffect, useMemo, useState } from 'react';
import { Checkbox, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { IconExternalLink } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { signInIdentifiers, type SignInIdentifier } from '#schemas/sign-in-experience.ts';
import { applicationQueries } from '#src/data/applications.ts';
import { tenantEndpointQuery } from '#src/data/tenant-endpoint.ts';
import { useTenantQueries, useTenantScope } from '#src/data/tenant-scope.ts';
import { Button } from '#src/ui/Button.tsx';
import { CopyableId } from '#src/ui/detail/CopyableId.tsx';
import { useIdentifierNames } from './messages.ts';

export const firstScreens = ['sign_in', 'register', 'reset_password', 'identifier:sign_in', 'identifier:register', 'single_sign_on'] as const;
type FirstScreen = (typeof firstScreens)[number];

export type TryItChoice = {
  clientId: string;
  redirectUri: string;
  firstScreen: FirstScreen;
  loginHint: string;
  identifiers: SignInIdentifier[];
  directSignIn: string;
};

/** A PKCE challenge the authorization request needs for public apps; nothing exchanges the code, so no verifier is kept. */
const randomChallenge = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** The tenant issuer's authorization URL with the sign-in query parameters of spec 02 §2. */
export function authorizeUrl(issuer: string, choice: TryItChoice, challenge: string) {
  const query = new URLSearchParams({
    client_id: choice.clientId,
    redirect_uri: choice.redirectUri,
    response_type: 'code',
    scope: 'openid',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    first_screen: choice.firstScreen,
  });
  if (choice.loginHint.trim()) query.set('login_hint', choice.loginHint.trim());
  if (choice.firstScreen.startsWith('identifier:') && choice.identifiers.length > 0) query.set('identifier', choice.identifiers.join(' '));
  if (choice.directSignIn.trim()) query.set('direct_sign_in', choice.directSignIn.trim());
  return `${issuer}/auth?${query.toString()}`;
}

/** "Try it": an app and its redirect URI, the screen to open and the sign-in parameters; open or copy the URL. */
export function TryItPanel({ onUrl }: { onUrl: (url: string | undefined) => void }) {
  const { t } = useLingui();
  const { tenantId } = useTenantScope();
  const { api } = useRouteContext({ from: '__root__' });
  const names = useIdentifierNames();
  const applications = useQuery(useTenantQueries(applicationQueries).list({ page: 1, pageSize: 100, isThirdParty: false }));
  const endpoint = useQuery(tenantEndpointQuery(api, tenantId)).data?.replace(/\/$/, '');
  const apps = (applications.data?.items ?? []).filter((app) => app.type !== 'MachineToMachine' && app.oidcClientMetadata.redirectUris.length > 0);
  const [choice, setChoice] = useState<Omit<TryItChoice, 'clientId' | 'redirectUri'> & { clientId?: string; redirectUri?: string }>({
    firstScreen: 'sign_in',
    loginHint: '',
    identifiers: [],
    directSignIn: '',
  });
  const challenge = useMemo(randomChallenge, []);
  const app = apps.find(({ id }) => id === choice.clientId) ?? apps[0];
  const redirectUris = app?.oidcClientMetadata.redirectUris ?? [];
  const redirectUri = choice.redirectUri && redirectUris.includes(choice.redirectUri) ? choice.redirectUri : redirectUris[0];
  const url = endpoint && app && redirectUri ? authorizeUrl(`${endpoint}/oidc`, { ...choice, clientId: app.id, redirectUri }, challenge) : undefined;
  useEffect(() => onUrl(url), [onUrl, url]);
  const set = (patch: Partial<typeof choice>) => setChoice({ ...choice, ...patch });

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          <Trans>Try it</Trans>
        </Title>
        {applications.data && apps.length === 0 ? (
          <Text fz="sm" c="dimmed">
            <Trans>Create an application with a redirect URI to open its sign-in.</Trans>
          </Text>
        ) : (
          <>
            <NativeSelect label={t`Application`} value={app?.id ?? ''} onChange={(event) => set({ clientId: event.currentTarget.value })} data={apps.map(({ id, name }) => ({ value: id, label: name }))} />
            <NativeSelect label={t`Redirect URI`} value={redirectUri ?? ''} onChange={(event) => set({ redirectUri: event.currentTarget.value })} data={redirectUris} dir="ltr" />
            <NativeSelect label={t`First screen`} value={choice.firstScreen} onChange={(event) => set({ firstScreen: event.currentTarget.value as FirstScreen })} data={[...firstScreens]} dir="ltr" />
            {choice.firstScreen.startsWith('identifier:') && (
              <Checkbox.Group label={t`Identifiers`} value={choice.identifiers} onChange={(values) => set({ identifiers: values as SignInIdentifier[] })}>
                <Group gap="md" mt={4}>
                  {signInIdentifiers.map((identifier) => (
                    <Checkbox key={identifier} value={identifier} label={names[identifier]} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
            <TextInput label={t`Login hint`} placeholder="ann@example.com" value={choice.loginHint} onChange={(event) => set({ loginHint: event.currentTarget.value })} dir="auto" />
            <TextInput
              label={t`Direct sign-in`}
              description={t`social:<target> or sso:<connector id>; ignored until connectors exist.`}
              placeholder="social:demo"
              value={choice.directSignIn}
              onChange={(event) => set({ directSignIn: event.currentTarget.value })}
              dir="ltr"
            />
            {url && (
              <>
                <CopyableId label={t`Authorization URL`} value={url} wrap />
                <Button
                  variant="light"
                  w="fit-content"
                  rightSection={<IconExternalLink size={14} aria-hidden="true" />}
                  onClick={() => window.open(url, '_blank', 'noopener,noreferrer')}
                >
                  <Trans>Open the sign-in</Trans>
                </Button>
              </>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
