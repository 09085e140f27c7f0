import { consolePath, hoverMenuOpenDelay } from '#schemas/constants.ts';
import { useDisplaySettings, usePreferences } from '../preferences/hooks.ts';
import { DeferredMenu } from '../ui/deferred/DeferredMenu.tsx';
import { UserMenuButton } from '../ui/UserMenuButton.tsx';
import { useServices } from './services.ts';

export function UserMenuContainer() {
  const { signOut } = useServices();
  const { me } = usePreferences();
  const { language, appearance, setLanguage, setAppearance } = useDisplaySettings();
  const user = me ?? {};
  return (
    <DeferredMenu
      hoverOpenDelay={hoverMenuOpenDelay}
      trigger={(props) => <UserMenuButton user={user} {...props} />}
      menu={({ UserMenu }, defaultOpened) => (
        <UserMenu
          user={user}
          language={language}
          appearance={appearance}
          profileHref={`${consolePath}/profile`}
          onLanguageChange={(locale) => void setLanguage(locale)}
          onAppearanceChange={(mode) => void setAppearance(mode)}
          onSignOut={signOut}
          defaultOpened={defaultOpened}
        />
      )}
    />
  );
}
