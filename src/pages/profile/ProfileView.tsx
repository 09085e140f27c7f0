import { useId, type ReactNode } from 'react';
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SocialConnector } from '#schemas/profile.ts';
import type { Me } from '#schemas/user.ts';
import { RowAction, RowLabelId } from '#src/ui/RowAction.tsx';
import { UserAvatar } from '#src/ui/UserAvatar.tsx';
import classes from './ProfileView.module.css';

export type ProfileField = 'name' | 'username';

export type ProfileViewProps = {
  /** Undefined while loading: a skeleton of 2 sections of 3 rows. */
  me: Me | undefined;
  /** Self-hosted only (spec 01 §2). */
  showUsername: boolean;
  /** Cloud only: linked accounts, password and delete account. */
  showAccountSections: boolean;
  /** The social connectors that can be linked (cloud). */
  connectors: SocialConnector[];
  language: string;
  /** The avatar's upload control. */
  avatarAction?: ReactNode;
  /** The Delete account control (cloud). */
  deleteAccountAction?: ReactNode;
  onEdit: (field: ProfileField) => void;
  /** Change (or first set) the password. */
  onChangePassword: () => void;
  /** Change the sign-in e-mail. */
  onChangeEmail: () => void;
  /** The Link or Unlink action of a social connector row. */
  connectorAction?: (connector: SocialConnector, linked: boolean) => ReactNode;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} fz="h4">
          {title}
        </Title>
        <Stack gap={0}>{children}</Stack>
      </Stack>
    </Paper>
  );
}

function Row({ label, children, action }: { label: string; children: ReactNode; action?: ReactNode }) {
  const labelId = useId();
  return (
    <div className={classes.row}>
      <Text fz="sm" fw={500} className={classes.label} id={labelId}>
        {label}
      </Text>
      <div className={classes.value}>{children}</div>
      <RowLabelId.Provider value={labelId}>{action}</RowLabelId.Provider>
    </div>
  );
}

function ProfileSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="lg" aria-busy="true" aria-label={t`Loading`}>
      {[0, 1].map((section) => (
        <Paper withBorder p="lg" key={section} data-testid="profile-skeleton-section">
          <Skeleton h={20} w={160} mb="md" />
          {[0, 1, 2].map((row) => (
            <Skeleton h={16} my="md" key={row} data-testid="profile-skeleton-row" />
          ))}
        </Paper>
      ))}
    </Stack>
  );
}

const valueOrNotSet = (value: string | null, notSet: string) =>
  value ? <Text fz="sm">{value}</Text> : <Text fz="sm" c="dimmed">{notSet}</Text>;

/** The connector's name in the user's language, else English, else any. */
export const connectorNameOf = (connector: SocialConnector, language: string) =>
  connector.name[language] ?? connector.name.en ?? Object.values(connector.name)[0] ?? connector.id;

/** The identity's display text: what the provider told about the account. */
const identityLabelOf = (details: Record<string, unknown> | undefined, fallback: string) => {
  const value = details?.email ?? details?.name ?? details?.id;
  return typeof value === 'string' && value ? value : fallback;
};

/** The profile page (spec 01 §2): profile settings, and in cloud the linked accounts, password and delete account. */
export function ProfileView(props: ProfileViewProps) {
  const { me, showUsername, showAccountSections, connectors, language, avatarAction, onEdit, onChangePassword, onChangeEmail, connectorAction } = props;
  const { t } = useLingui();
  if (!me) return <ProfileSkeleton />;
  const notSet = t`Not set`;
  const editButton = (field: ProfileField) => (
    <RowAction onClick={() => onEdit(field)}>
      <Trans>Edit</Trans>
    </RowAction>
  );
  return (
    <Stack gap="lg">
      <Section title={t`Profile settings`}>
        <Row label={t`Avatar`} action={avatarAction}>
          <UserAvatar user={me} size="lg" alt={t`Avatar`} />
        </Row>
        <Row label={t`Name`} action={editButton('name')}>
          {valueOrNotSet(me.name, notSet)}
        </Row>
        {showUsername && (
          <Row label={t`Username`} action={editButton('username')}>
            {valueOrNotSet(me.username, notSet)}
          </Row>
        )}
      </Section>
      {showAccountSections && (
        <>
          <Section title={t`Linked accounts`}>
            <Row
              label={t`E-mail sign-in`}
              action={
                <RowAction onClick={onChangeEmail}>{me.primaryEmail ? <Trans>Change</Trans> : <Trans>Set</Trans>}</RowAction>
              }
            >
              {valueOrNotSet(me.primaryEmail, notSet)}
            </Row>
            {connectors.map((connector) => {
              const identity = me.identities[connector.target];
              return (
                <Row key={connector.id} label={connectorNameOf(connector, language)} action={connectorAction?.(connector, Boolean(identity))}>
                  {identity ? (
                    <Text fz="sm">
                      {identityLabelOf(identity.details, identity.userId)}
                    </Text>
                  ) : (
                    <Text fz="sm" c="dimmed">
                      <Trans>Not linked</Trans>
                    </Text>
                  )}
                </Row>
              );
            })}
          </Section>
          <Section title={t`Password`}>
            <Row
              label={t`Password`}
              action={
                <RowAction onClick={onChangePassword}>{me.hasPassword ? <Trans>Change</Trans> : <Trans>Set</Trans>}</RowAction>
              }
            >
              <Text fz="sm" c={me.hasPassword ? undefined : 'dimmed'}>
                {me.hasPassword ? t`Set` : notSet}
              </Text>
            </Row>
          </Section>
          <Section title={t`Delete account`}>
            <Text fz="sm" c="dimmed">
              <Trans>
                Deleting your account deletes the tenants you administer and removes you from the others. It cannot be undone.
              </Trans>
            </Text>
            <Group mt="md">{props.deleteAccountAction}</Group>
          </Section>
        </>
      )}
    </Stack>
  );
}
