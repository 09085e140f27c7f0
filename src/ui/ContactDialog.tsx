import type { ComponentType } from 'react';
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandDiscord, IconBrandGithub, IconCalendarEvent, IconMail, type IconProps } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { externalLinks } from './links.ts';
import { Dialog } from './Dialog.tsx';

type ContactRow = { key: string; icon: ComponentType<IconProps>; title: string; description: string; action: string; href: string };

/** Help and contact: community chat, source code, e-mail and booking a meeting. */
export function ContactDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const rows: ContactRow[] = [
    { key: 'community', icon: IconBrandDiscord, title: t`Community chat`, description: t`Ask questions and talk with other developers.`, action: t`Join the chat`, href: externalLinks.communityChat },
    { key: 'source', icon: IconBrandGithub, title: t`Source code`, description: t`Report issues and follow development on GitHub.`, action: t`Open GitHub`, href: externalLinks.sourceCode },
    { key: 'email', icon: IconMail, title: t`E-mail`, description: t`Write to the team by e-mail.`, action: t`Send e-mail`, href: externalLinks.email },
    { key: 'meeting', icon: IconCalendarEvent, title: t`Book a meeting`, description: t`Talk through your project with the team.`, action: t`Book a call`, href: externalLinks.bookMeeting },
  ];
  return (
    <Dialog opened={opened} onClose={onClose} title={t`Help and contact`} size="lg">
      <Stack gap="md">
        {rows.map(({ key, icon: Icon, title, description, action, href }) => (
          <Group key={key} wrap="nowrap" justify="space-between" gap="md">
            <Group wrap="nowrap" gap="md">
              <ThemeIcon variant="light" size="lg" aria-hidden="true">
                <Icon size={20} />
              </ThemeIcon>
              <div>
                <Text fw={600}>{title}</Text>
                <Text c="dimmed" fz="sm">
                  {description}
                </Text>
              </div>
            </Group>
            <Button
              component="a"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              size="xs"
            >
              {action}
            </Button>
          </Group>
        ))}
      </Stack>
    </Dialog>
  );
}
