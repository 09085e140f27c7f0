import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { ErrorCode } from '#schemas/error-codes.ts';
import { identifierMaxLength, usernamePattern } from '#schemas/user.ts';
import { ApiError } from '#src/api/errors.ts';
import { useServices } from '#src/app/services.ts';
import { socialConnectorQueries } from '#src/data/social-connectors.ts';
import { useFeature } from '#src/edition.ts';
import { usePreferences } from '#src/preferences/hooks.ts';
import { passwordChangeStepOf } from '#machines/password-change.machine.ts';
import { UploaderFlow } from '#src/flows/uploader/UploaderFlow.tsx';
import { SocialLinkView } from '#src/flows/social-link/SocialLinkView.tsx';
import { useSocialLink } from '#src/flows/social-link/useSocialLink.ts';
import { AccountDeletionFlow } from '#src/flows/account-deletion/AccountDeletionFlow.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { pageNames } from '#src/ui/page-names.ts';
import { EditFieldModal } from './EditFieldModal.tsx';
import { ProfileView, connectorNameOf, type ProfileField } from './ProfileView.tsx';
import { profileApi } from '#src/api/me.ts';

/** The conflict the edit dialog shows itself, in an alert. */
const conflictCode: ErrorCode = 'user.username_already_in_use';

/** /profile: the signed-in user from the preferences store, edits through PATCH me. */
export function ProfilePage() {
  const { t, i18n } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const { preferences } = useServices();
  const { me } = usePreferences();
  const showUsername = useFeature('profileUsername');
  const showAccountSections = useFeature('profileAccountSections');
  const connectors = useQuery({ ...socialConnectorQueries.list(api), enabled: showAccountSections }).data ?? [];
  const [editing, setEditing] = useState<ProfileField>();
  const navigate = useNavigate();
  const [socialLink, sendSocialLink] = useSocialLink();
  const pageName = i18n._(pageNames.profile);
  usePageTitle(pageName);

  useEffect(() => {
    // Failures were shown by the request client.
    preferences.load().catch(() => {});
  }, [preferences]);

  const labels: Record<ProfileField | 'avatar', string> = { name: t`Name`, username: t`Username`, avatar: t`Avatar` };
  const titles: Record<ProfileField, string> = { name: t`Edit name`, username: t`Edit username` };
  const rules: Partial<Record<ProfileField, (value: string) => string | undefined>> = {
    username: (value) =>
      usernamePattern.test(value) ? undefined : t`A username starts with a letter or an underscore and has only letters, digits and underscores.`,
  };

  const save = (field: ProfileField | 'avatar') => async (value: string) => {
    try {
      preferences.replaceMe(await profileApi(api).updateMe({ [field]: value }, { suppressErrorCodes: [conflictCode] }));
      const label = labels[field];
      notifications.show({ color: 'green', message: t`Profile updated: ${label}` });
      setEditing(undefined);
      return undefined;
    } catch (error) {
      if (error instanceof ApiError && error.code === conflictCode) return error.message;
      // Other failures were shown by the request client; the dialog stays open with the typed value.
      return undefined;
    }
  };

  return (
    <Stack gap="lg" maw={880}>
      <Title order={1} fz="h2">
        {pageName}
      </Title>
      <ProfileView
        me={me}
        showUsername={showUsername}
        showAccountSections={showAccountSections}
        connectors={connectors}
        language={i18n.locale}
        onEdit={setEditing}
        onChangePassword={() =>
          void navigate({ to: passwordChangeStepOf(me?.hasPassword ?? true) === 'verifyPassword' ? '/profile/verify-password' : '/profile/change-password' })
        }
        onChangeEmail={() => void navigate({ to: '/profile/link-email' })}
        connectorAction={(connector, linked) => (
          <SocialLinkView state={socialLink} send={sendSocialLink} connector={{ id: connector.id, name: connectorNameOf(connector, i18n.locale) }} linked={linked} />
        )}
        avatarAction={<UploaderFlow onUploaded={(url) => void save('avatar')(url)} />}
        deleteAccountAction={showAccountSections ? <AccountDeletionFlow /> : undefined}
      />
      {editing && me && (
        <EditFieldModal
          label={labels[editing]}
          title={titles[editing]}
          initialValue={me[editing] ?? ''}
          maxLength={identifierMaxLength}
          validate={rules[editing]}
          onSave={save(editing)}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Stack>
  );
}
