import { useState, type ReactNode } from 'react';
import { Alert, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CustomPhrasesEvent, CustomPhrasesSnapshot } from '#machines/custom-phrases.machine.ts';
import { isLanguageTag } from '#schemas/language-tag.ts';
import { Button } from '#src/ui/Button.tsx';
import { Dialog } from '#src/ui/Dialog.tsx';
import { languageNameOf } from '#src/i18n/language-names.ts';
import { phrasesDiffer, translationOf, type FlatPhrases } from './phrases.ts';

export type PhraseLanguage = { tag: string; custom: boolean };

/** How many phrases the editor lists before "Show more": the first ones, or those the search finds. */
const phrasesPerPage = 20;

export type PhraseEditorViewProps = {
  state: CustomPhrasesSnapshot;
  send: (event: CustomPhrasesEvent) => void;
  /** The built-in languages and the tenant's custom ones (and those added, not yet saved). */
  languages: PhraseLanguage[];
  fallbackLanguage: string;
  /** The built-in text of the language shown, by key; undefined while it loads. */
  builtIn: FlatPhrases | undefined;
  /** The language's saved custom phrases, and the edits over them. */
  saved: FlatPhrases;
  values: FlatPhrases;
  onChange: (key: string, value: string) => void;
};

/** A question about the phrases shown, with its two answers; the safe one has the focus. */
function Question({ title, children, safe, risky }: { title: string; children: ReactNode; safe: ReactNode; risky: ReactNode }) {
  return (
    <Alert color="yellow" variant="light" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{children}</Text>
        <Group gap="xs">
          {safe}
          {risky}
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * "Manage languages" (sign-in-experience.md §5): the languages on one side, the phrases of the one chosen on the other,
 * each beside the built-in text it replaces. A phrase left empty keeps the built-in text.
 */
export function PhraseEditorView({ state, send, languages, fallbackLanguage, builtIn, saved, values, onChange }: PhraseEditorViewProps) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const [newTag, setNewTag] = useState('');
  const [newTagError, setNewTagError] = useState<string>();
  const [filter, setFilter] = useState('');
  const [shown, setShown] = useState(phrasesPerPage);
  const { language } = state.context;
  const dirty = phrasesDiffer(values, saved);
  const current = languages.find((item) => item.tag === language);
  const name = languageNameOf(language);
  const busy = state.matches('saving') || state.matches('deleting');
  const asking = !state.matches('editing') && !busy;
  const select = (tag: string) => send({ type: 'SELECT', language: tag, dirty });

  const add = () => {
    const tag = newTag.trim();
    if (!isLanguageTag(tag)) {
      setNewTagError(t`Enter a language tag written like nl-BE or zh-Hant-TW.`);
      return;
    }
    setNewTag('');
    setNewTagError(undefined);
    select(tag);
  };

  const needle = filter.trim().toLowerCase();
  const keys = Object.keys(builtIn ?? {}).filter((key) => !needle || key.toLowerCase().includes(needle) || builtIn?.[key]?.toLowerCase().includes(needle));

  return (
    <Dialog opened onClose={() => send({ type: 'CLOSE', dirty })} title={t`Languages of the sign-in pages`} size="xl" fullScreen={phone}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Stack gap="sm" component="nav" aria-label={t`Languages`}>
          {languages.map((item) => (
            <Button
              key={item.tag}
              variant={item.tag === language ? 'light' : 'subtle'}
              aria-current={item.tag === language ? 'true' : undefined}
              justify="space-between"
              fullWidth
              disabled={busy}
              onClick={() => item.tag !== language && select(item.tag)}
              rightSection={item.custom ? <Text span fz="xs">{t`Custom`}</Text> : undefined}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'start' }, inner: { height: 'auto' } }}
              h="auto"
              py={6}
            >
              <span lang={item.tag}>{languageNameOf(item.tag)}</span>&nbsp;<Text span fz="xs" c="dimmed" dir="ltr">{item.tag}</Text>
            </Button>
          ))}
          <TextInput
            label={t`Add a language`}
            description={t`Any BCP 47 language tag, such as nl-BE.`}
            value={newTag}
            error={newTagError}
            dir="ltr"
            onChange={(event) => setNewTag(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button variant="default" onClick={add} disabled={busy}>
            <Trans>Add language</Trans>
          </Button>
        </Stack>
        <Stack gap="md" style={{ gridColumn: phone ? undefined : 'span 2', minWidth: 0 }} component="section" aria-labelledby="phrase-language">
          <Title order={3} fz="h4" id="phrase-language" style={{ overflowWrap: 'anywhere' }}>
            <span lang={language}>{name}</span> <Text span c="dimmed" dir="ltr">({language})</Text>
          </Title>
          <Text fz="sm" c="dimmed">
            {language === fallbackLanguage ? (
              <Trans>This is the fallback language. A phrase left empty shows the built-in text.</Trans>
            ) : (
              <Trans>A phrase left empty shows the built-in text.</Trans>
            )}
          </Text>
          {state.matches('confirmingDiscard') && (
            <Question
              title={t`Discard the unsaved phrases?`}
              safe={<Button size="xs" variant="default" autoFocus data-autofocus onClick={() => send({ type: 'KEEP_EDITING' })}>{t`Keep editing`}</Button>}
              risky={<Button size="xs" color="red" onClick={() => send({ type: 'DISCARD' })}>{t`Discard and switch`}</Button>}
            >
              <Trans>The phrases you changed in {name} are not saved.</Trans>
            </Question>
          )}
          {state.matches('confirmingClose') && (
            <Question
              title={t`Discard the unsaved phrases?`}
              safe={<Button size="xs" variant="default" autoFocus data-autofocus onClick={() => send({ type: 'KEEP_EDITING' })}>{t`Keep editing`}</Button>}
              risky={<Button size="xs" color="red" onClick={() => send({ type: 'DISCARD' })}>{t`Discard and close`}</Button>}
            >
              <Trans>The phrases you changed in {name} are not saved.</Trans>
            </Question>
          )}
          {state.matches('confirmingDelete') && (
            <Question
              title={t`Delete the custom phrases of ${name}?`}
              safe={<Button size="xs" variant="default" autoFocus data-autofocus onClick={() => send({ type: 'CANCEL' })}>{t`Cancel`}</Button>}
              risky={<Button size="xs" color="red" onClick={() => send({ type: 'CONFIRM' })}>{t`Delete phrases`}</Button>}
            >
              <Trans>The sign-in pages show the built-in text again. This cannot be undone.</Trans>
            </Question>
          )}
          {state.matches('deleteRefused') && (
            <Alert color="red" variant="light" role="alert" title={t`The fallback language's phrases cannot be deleted`}>
              <Stack gap="xs" align="flex-start">
                <Text fz="sm">
                  <Trans>{name} is the fallback language of the sign-in pages. Choose another fallback language on the Content tab and save it first.</Trans>
                </Text>
                <Button size="xs" variant="default" autoFocus data-autofocus onClick={() => send({ type: 'DISMISS' })}>{t`OK`}</Button>
              </Stack>
            </Alert>
          )}
          <TextInput label={t`Find a phrase`} value={filter} onChange={(event) => setFilter(event.currentTarget.value)} />
          {builtIn === undefined ? (
            <Loader size="sm" aria-label={t`Loading`} />
          ) : (
            <Stack gap="sm">
              {keys.slice(0, shown).map((key) => (
                <TextInput
                  key={key}
                  label={<Text span ff="monospace" fz="sm" style={{ overflowWrap: 'anywhere' }}>{key}</Text>}
                  description={builtIn[key]}
                  placeholder={builtIn[key]}
                  value={values[key] ?? ''}
                  disabled={busy || asking}
                  onChange={(event) => onChange(key, event.currentTarget.value)}
                />
              ))}
              {keys.length === 0 && <Text fz="sm" c="dimmed">{t`No phrase matches.`}</Text>}
              {keys.length > shown && (
                <Button variant="subtle" style={{ alignSelf: 'flex-start' }} onClick={() => setShown(shown + phrasesPerPage)}>
                  {plural(keys.length - shown, { one: 'Show # more phrase', other: 'Show # more phrases' })}
                </Button>
              )}
            </Stack>
          )}
          <Group justify="flex-end" gap="sm" pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)">
            {current?.custom && (
              <Button variant="subtle" color="red" mr="auto" disabled={busy || asking} loading={state.matches('deleting')} onClick={() => send({ type: 'DELETE' })}>
                <Trans>Delete phrases</Trans>
              </Button>
            )}
            <Button type="button" disabled={!dirty || asking} loading={state.matches('saving')} onClick={() => send({ type: 'SAVE', translation: translationOf(values, saved, Object.keys(builtIn ?? {})) })}>
              <Trans>Save phrases</Trans>
            </Button>
          </Group>
        </Stack>
      </SimpleGrid>
    </Dialog>
  );
}
