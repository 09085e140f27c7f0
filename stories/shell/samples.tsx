import { fn } from 'storybook/test';
import { UserMenu } from '../../src/ui/UserMenu.tsx';

/** The user menu as the top bar stories show it. */
export const sampleUserMenu = (
  <UserMenu
    user={{ name: 'Ada Lovelace' }}
    language="en"
    appearance="system"
    profileHref="/console/profile"
    onLanguageChange={fn()}
    onAppearanceChange={fn()}
    onSignOut={fn()}
  />
);
