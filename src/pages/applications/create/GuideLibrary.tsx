import { useState } from 'react';
import { Group, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '#src/ui/Button.tsx';
import { ApplicationIcon, applicationTypeInfo } from '../application-types.tsx';
import type { AppGuideId } from '../guide-ids.ts';
import { appGuides } from '../guides.ts';
import classes from './GuideLibrary.module.css';

/** The guides as cards, filtered by a keyword over their names, summaries and types; or no framework at all. */
export function GuideLibrary({ onPick, onSkip }: { onPick: (guide: AppGuideId) => void; onSkip: () => void }) {
  const { t, i18n } = useLingui();
  const [keyword, setKeyword] = useState('');
  const words = keyword.trim().toLowerCase();
  const guides = appGuides.filter((guide) =>
    [guide.title, guide.keywords, i18n._(guide.summary), i18n._(applicationTypeInfo[guide.type].label)].join(' ').toLowerCase().includes(words),
  );
  return (
    <Stack gap="md">
      <TextInput
        type="search"
        aria-label={t`Filter guides`}
        placeholder={t`Filter guides`}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={keyword}
        onChange={(event) => setKeyword(event.currentTarget.value)}
        data-autofocus
      />
      {guides.length ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {guides.map((guide) => (
            <li key={guide.id}>
              <UnstyledButton className={classes.card} onClick={() => onPick(guide.id)} w="100%" h="100%" p="sm">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ApplicationIcon type={guide.type} />
                  <Stack gap={2} miw={0}>
                    <Text fw={600} fz="sm">
                      {guide.title}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {i18n._(applicationTypeInfo[guide.type].label)}
                    </Text>
                    <Text fz="sm">{i18n._(guide.summary)}</Text>
                  </Stack>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed" ta="center" py="md">
          {t`No guide matches "${keyword}".`}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onSkip}>
          <Trans>Continue without a framework</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
