import { useRef, useState, type ReactNode } from 'react';
import { Menu } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconExternalLink, IconLanguage, IconLogout, IconPalette, IconUser } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { hoverMenuCloseDelay, hoverMenuOpenDelay } from '#schemas/constants.ts';
import { appearanceModes, type AppearanceMode } from '#schemas/preferences.ts';
import { languageNames } from '../i18n/language-names.ts';
import { isLocale, locales, type Locale } from '#schemas/locales.ts';
import type { AvatarUser } from './UserAvatar.tsx';
import { UserMenuButton } from './UserMenuButton.tsx';
import direction from './direction.module.css';

export type UserMenuProps = {
  user: AvatarUser;
  language: Locale;
  appearance: AppearanceMode;
  /** Opens in a new tab. */
  profileHref: string;
  onLanguageChange: (language: Locale) => void;
  onAppearanceChange: (mode: AppearanceMode) => void;
  onSignOut: () => void;
  /** Open from the start (asked for before its code had loaded). */
  defaultOpened?: boolean;
};

const isAppearanceMode = (value: string): value is AppearanceMode => (appearanceModes as readonly string[]).includes(value);

/** The user menu of the top bar: opens on hover (300 ms) or click, and from the keyboard. */
export function UserMenu({ user, language, appearance, profileHref, onLanguageChange, onAppearanceChange, onSignOut, defaultOpened }: UserMenuProps) {
  const { t } = useLingui();
  const appearanceLabels: Record<AppearanceMode, string> = { system: t`Sync with system`, light: t`Light`, dark: t`Dark` };
  return (
    <Menu
      trigger="click-hover"
      openDelay={hoverMenuOpenDelay}
      closeDelay={hoverMenuCloseDelay}
      position="bottom-end"
      width={240}
      zIndex={103}
      withInitialFocusPlaceholder={false}
      defaultOpened={defaultOpened}
      hideDetached={false}
    >
      <Menu.Target>
        <UserMenuButton user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component="a"
          href={profileHref}
          target="_blank"
          rel="noopener"
          leftSection={<IconUser size={16} />}
          rightSection={<IconExternalLink size={14} className={direction.mirrored} />}
        >
          {t`Profile`}
        </Menu.Item>
        <RadioSubmenu
          label={t`Language`}
          icon={<IconLanguage size={16} />}
          value={language}
          options={locales.map((locale) => ({ value: locale, label: languageNames[locale], lang: locale }))}
          onChange={(value) => isLocale(value) && onLanguageChange(value)}
        />
        <RadioSubmenu
          label={t`Appearance`}
          icon={<IconPalette size={16} />}
          value={appearance}
          options={appearanceModes.map((mode) => ({ value: mode, label: appearanceLabels[mode] }))}
          onChange={(value) => isAppearanceMode(value) && onAppearanceChange(value)}
        />
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={onSignOut}>
          {t`Sign out`}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

type RadioSubmenuProps = {
  label: string;
  icon: ReactNode;
  value: string;
  options: { value: string; label: string; lang?: string }[];
  onChange: (value: string) => void;
};

/**
 * A submenu of choices. Choosing one closes the whole menu, whichever it is (the language, which may turn the page
 * right to left under the pointer, or the appearance). Escape closes only the submenu, and the focus goes back to its
 * item: Mantine's menu would take the same Escape and close as well, so the submenu takes it first.
 */
function RadioSubmenu({ label, icon, value, options, onChange }: RadioSubmenuProps) {
  const [opened, setOpened] = useState(false);
  const item = useRef<HTMLButtonElement>(null);
  const dropdown = useRef<HTMLDivElement>(null);
  useWindowEvent(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || !(event.target instanceof Node) || !dropdown.current?.contains(event.target)) return;
      event.stopPropagation();
      setOpened(false);
      item.current?.focus();
    },
    { capture: true },
  );
  return (
    <Menu.Sub opened={opened} onChange={setOpened} hideDetached={false}>
      <Menu.Sub.Target>
        <Menu.Sub.Item ref={item} leftSection={icon}>
          {label}
        </Menu.Sub.Item>
      </Menu.Sub.Target>
      <Menu.Sub.Dropdown ref={dropdown}>
        <Menu.RadioGroup value={value} onChange={onChange}>
          {options.map((option) => (
            <Menu.RadioItem key={option.value} value={option.value} lang={option.lang} closeMenuOnClick>
              {option.label}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Sub.Dropdown>
    </Menu.Sub>
  );
}
