import type { ReactNode } from 'react';
import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Application } from '#schemas/application.ts';
import { tenantEndpointQuery } from '#src/data/tenant-endpoint.ts';
import { CopyableId } from '#src/ui/detail/CopyableId.tsx';
import classes from './EndpointsPanel.module.css';

/** Where the app signs in: the tenant's endpoint and its issuer's endpoints, and the app's id (applications.md §6). */
export function EndpointsPanel({ tenantId, application, children }: { tenantId: string; application: Application; children?: ReactNode }) {
  const { t } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const endpoint = useQuery(tenantEndpointQuery(api, tenantId)).data?.replace(/\/$/, '');
  const issuer = endpoint && `${endpoint}/oidc`;
  const rows: [string, string | undefined][] = [
    [t`Tenant endpoint`, endpoint],
    [t`Issuer`, issuer],
    [t`JWKS URI`, issuer && `${issuer}/jwks`],
    [t`Discovery`, issuer && `${issuer}/.well-known/openid-configuration`],
    [t`Authorization endpoint`, issuer && `${issuer}/auth`],
    [t`Token endpoint`, issuer && `${issuer}/token`],
    [t`Userinfo endpoint`, issuer && `${issuer}/me`],
    [t`App ID`, application.id],
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Title order={2} fz="h4">
          <Trans>Endpoints & credentials</Trans>
        </Title>
        <Box component="dl" m={0}>
          {rows.map(([label, value]) => (
            <div key={label} className={classes.row}>
              <Text component="dt" fz="sm" className={classes.label}>
                {label}
              </Text>
              <dd className={classes.value} dir="ltr">
                {value ? <CopyableId label={label} value={value} wrap /> : '…'}
              </dd>
            </div>
          ))}
        </Box>
        {children}
      </Stack>
    </Paper>
  );
}
