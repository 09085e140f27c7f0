import { useEffect } from 'react';
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { pageNames } from '../ui/page-names.ts';

/** The address without its `code` parameter: the one-time code must not stay in the history or be shared. */
export function withoutCode(href: string) {
  const url = new URL(href);
  url.searchParams.delete('code');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /social-demo-callback (spec 01 §2): where a social sign-in demo lands; it strips the code from the address. */
export function SocialDemoCallbackPage() {
  const { i18n } = useLingui();
  const title = i18n._(pageNames.socialDemoCallback);
  usePageTitle(title);
  useEffect(() => {
    if (new URL(window.location.href).searchParams.has('code')) window.history.replaceState(window.history.state, '', withoutCode(window.location.href));
  }, []);
  return (
    <Center mih="100vh" p="xl">
      <Paper withBorder p="xl" maw={480}>
        <Stack gap="sm">
          <Title order={1} fz="h2">
            {title}
          </Title>
          <Text c="dimmed">
            <Trans>The social sign-in worked. This page only shows where a real application would continue; you can close it.</Trans>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
