import type { ComponentPropsWithRef } from 'react';
import { Box, NavLink, Stack, Text, type NavLinkProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useConfig } from '../config.ts';
import { visibleSidebarSections } from './sidebar/items.ts';

function NavLinkAnchor(props: NavLinkProps & Omit<ComponentPropsWithRef<'a'>, keyof NavLinkProps>) {
  return <NavLink component="a" {...props} />;
}

const RouterNavLink = createLink(NavLinkAnchor);

export function Sidebar({ tenantId }: { tenantId: string }) {
  const { i18n, t } = useLingui();
  const { edition } = useConfig();
  return (
    <Box component="nav" aria-label={t`Main navigation`} h="100%" style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
      {/* Compact enough that every item fits a laptop screen (1440×900) without scrolling. */}
      <Stack gap="sm" p="sm">
        {visibleSidebarSections(edition).map((section) => (
          <div key={section.key}>
            <Text fz="xs" fw={600} tt="uppercase" c="dimmed" px="sm" mb={2} id={`sidebar-${section.key}`}>
              {i18n._(section.title)}
            </Text>
            <Stack gap={2} role="list" aria-labelledby={`sidebar-${section.key}`}>
              {section.items.map(({ key, title, icon: Icon, to }) => (
                <div role="listitem" key={key}>
                  <RouterNavLink
                    to={to}
                    params={{ tenantId }}
                    label={i18n._(title)}
                    leftSection={<Icon size={18} aria-hidden="true" />}
                    activeOptions={{ includeSearch: false }}
                    py={5}
                  />
                </div>
              ))}
            </Stack>
          </div>
        ))}
      </Stack>
    </Box>
  );
}
