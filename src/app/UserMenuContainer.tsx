import { useLingui } from '@lingui/react/macro';
import { consolePath } from '../../schemas/constants.ts';
import { useDisplaySettings, usePreferences } from '../preferences/hooks.ts';
import { UserMenu } from '../ui/UserMenu.tsx';
import { useServices } from './services.ts';

export function UserMenuContainer() {
  const { t } = useLingui();
  const { signOut } = useServices();
  const { me } = usePreferences();
  const { language, appearance, setLanguage, setAppearance } = useDisplaySettings();
  const name = me?.name ?? me?.username ?? me?.primaryEmail ?? t`Account`;
  return (
    <UserMenu
      user={{ name, avatar: me?.avatar }}
      language={language}
      appearance={appearance}
      profileHref={`${consolePath}/profile`}
      onLanguageChange={(locale) => void setLanguage(locale)}
      onAppearanceChange={(mode) => void setAppearance(mode)}
      onSignOut={signOut}
    />
  );
}
