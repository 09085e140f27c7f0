import { useRef, type ReactNode } from 'react';
import { ActionIcon, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBook, IconHelpCircle } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { useConfig } from '../config.ts';
import { useFeature } from '../edition.ts';
import { DeferredTooltip } from './deferred/DeferredTooltip.tsx';
import { LazyContactDialog } from './LazyContactDialog.ts';
import { externalLinks } from './links.ts';
import { Logo } from './Logo.tsx';
import classes from './TopBar.module.css';
import { useHasNewVersion } from './useLatestRelease.ts';
import { VersionBadge } from './VersionBadge.tsx';

export type TopBarProps = {
  /** Cloud: the tenant switcher. */
  tenantSelector?: ReactNode;
  userMenu: ReactNode;
  /** The mobile navigation toggle, when the page has a sidebar. */
  navigationToggle?: ReactNode;
};

/** Cloud shows the tenant switcher, in a row of its own on a phone (the layout makes the bar taller there). */
export const useTenantRow = (tenantSelector: ReactNode) => useFeature('tenantSelector') && Boolean(tenantSelector);

export function TopBar({ tenantSelector, userMenu, navigationToggle }: TopBarProps) {
  const { t } = useLingui();
  const { version, releaseInfoUrl } = useConfig();
  const showTenant = useTenantRow(tenantSelector);
  const showTitle = useFeature('consoleTitle');
  const showVersion = useFeature('versionBadge');
  const hasNewVersion = useHasNewVersion(version, showVersion ? releaseInfoUrl : '');
  const [contactOpened, contact] = useDisclosure(false);
  const docsLink = useRef<HTMLAnchorElement>(null);
  const helpButton = useRef<HTMLButtonElement>(null);

  return (
    <div className={classes.bar}>
      <Group gap="md" wrap="nowrap">
        {navigationToggle}
        {/* On a phone the top bar keeps its controls and drops the product name and the user's name. */}
        <Logo size={28} wordmarkFrom="sm" />
        {showTitle && (
          <Text fw={500} c="dimmed" visibleFrom="sm">
            {t`Console`}
          </Text>
        )}
      </Group>
      {showTenant && <div className={classes.tenant}>{tenantSelector}</div>}
      <Group gap="xs" wrap="nowrap" className={classes.actions}>
        {showVersion && <VersionBadge version={version} hasNewVersion={hasNewVersion} />}
        <ActionIcon
          ref={docsLink}
          component="a"
          href={externalLinks.docs}
          target="_blank"
          rel="noopener noreferrer"
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t`Documentation`}
        >
          <IconBook size={20} />
        </ActionIcon>
        <DeferredTooltip label={t`Documentation`} target={docsLink} />
        <ActionIcon ref={helpButton} variant="subtle" color="gray" size="lg" aria-label={t`Help and contact`} onClick={contact.open}>
          <IconHelpCircle size={20} />
        </ActionIcon>
        <DeferredTooltip label={t`Help and contact`} target={helpButton} />
        {userMenu}
      </Group>
      <LazyContactDialog opened={contactOpened} onClose={contact.close} />
    </div>
  );
}
