import { useState } from 'react';
import { Box, Group, Input, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconExternalLink } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isLocale, locales, sourceLocale, type Locale } from '#schemas/locales.ts';
import { signInExperienceGuard, type SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import type { PreviewScreen } from '#src/api/management/sign-in-experience.ts';
import { signInExperienceQueries } from '#src/data/sign-in-experience.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { languageNames } from '#src/i18n/language-names.ts';
import { Button } from '#src/ui/Button.tsx';
import { Switcher } from './Switcher.tsx';

/** How long the draft rests before the preview asks for it again. */
const previewDelayMs = 500;
const phoneWidth = 375;

type Device = 'desktop' | 'phone';
type Scheme = 'light' | 'dark';

/**
 * The tenant's real sign-in page, rendered by the server from the unsaved draft, in a sandboxed frame: at desktop or
 * phone width, light or dark (when dark mode is on: the frame's color-scheme, which the page's prefers-color-scheme
 * follows), in one of the languages the page may show. "Live preview" opens the saved page (the Try-it URL).
 */
export function PreviewPanel({ draft, screen, liveUrl }: { draft: SignInExperienceSettings; screen: PreviewScreen; liveUrl: string | undefined }) {
  const { t } = useLingui();
  const queries = useTenantQueries(signInExperienceQueries);
  const [device, setDevice] = useState<Device>('desktop');
  const [scheme, setScheme] = useState<Scheme>('light');
  const [chosenLanguage, setLanguage] = useState<string>();
  const [settingsJson] = useDebouncedValue(JSON.stringify(draft), previewDelayMs);
  const settings = JSON.parse(settingsJson) as SignInExperienceSettings;
  const { autoDetect, fallbackLanguage } = settings.languageInfo;
  // A custom fallback language is shown over English, as the sign-in pages show it.
  const fallback: Locale = isLocale(fallbackLanguage) ? fallbackLanguage : sourceLocale;
  const languages: readonly Locale[] = autoDetect ? locales : [fallback];
  const language = chosenLanguage && isLocale(chosenLanguage) && languages.includes(chosenLanguage) ? chosenLanguage : fallback;
  const valid = signInExperienceGuard.safeParse(settings).success;
  const preview = useQuery({ ...queries.preview({ settings, screen, language }), enabled: valid });
  const dark = settings.color.isDarkModeEnabled && scheme === 'dark';

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h4">
            <Trans>Preview</Trans>
          </Title>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconExternalLink size={14} aria-hidden="true" />}
            disabled={!liveUrl}
            title={liveUrl ? undefined : t`Save your changes and pick an application under Try it first.`}
            onClick={() => liveUrl && window.open(liveUrl, '_blank', 'noopener,noreferrer')}
          >
            <Trans>Live preview</Trans>
          </Button>
        </Group>
        <Group gap="xs">
          <Switcher label={t`Device`} value={device} onChange={setDevice} data={{ desktop: t`Desktop`, phone: t`Phone` }} />
          {settings.color.isDarkModeEnabled && <Switcher label={t`Theme`} value={scheme} onChange={setScheme} data={{ light: t`Light`, dark: t`Dark` }} />}
          {/* The input's own select: a NativeSelect would bring the combobox's code and styles to the page for it. */}
          <Input
            component="select"
            size="xs"
            aria-label={t`Preview language`}
            value={language}
            onChange={(event) => setLanguage(event.currentTarget.value)}
            rightSection={<IconChevronDown size={14} aria-hidden="true" />}
            rightSectionPointerEvents="none"
          >
            {languages.map((locale) => (
              <option key={locale} value={locale}>
                {languageNames[locale]}
              </option>
            ))}
          </Input>
        </Group>
        {!valid && (
          <Text fz="xs" c="dimmed">
            <Trans>Correct the invalid fields to update the preview.</Trans>
          </Text>
        )}
        <Box style={{ display: 'flex', justifyContent: 'center' }}>
          {preview.data !== undefined ? (
            <iframe
              sandbox=""
              srcDoc={preview.data}
              title={t`Sign-in page preview`}
              style={{
                colorScheme: dark ? 'dark' : 'light',
                width: device === 'phone' ? phoneWidth : '100%',
                maxWidth: '100%',
                height: 600,
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 'var(--mantine-radius-sm)',
              }}
            />
          ) : preview.isError ? (
            <Text fz="sm" c="red" role="alert">
              <Trans>The preview could not be loaded.</Trans>
            </Text>
          ) : (
            <Skeleton h={600} w={device === 'phone' ? phoneWidth : '100%'} aria-label={t`Loading the preview`} />
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
