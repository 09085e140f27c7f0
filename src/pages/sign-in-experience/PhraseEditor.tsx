import { useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useLingui } from '@lingui/react/macro';
import { cannotDeleteDefaultCode, customPhrasesMachine, type PhrasesSaveRequest } from '#machines/custom-phrases.machine.ts';
import { locales } from '#schemas/locales.ts';
import { signInExperienceQueries, useWriteCustomPhrases } from '#src/data/sign-in-experience.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { UnsavedChangesGuard } from '#src/ui/form/UnsavedChangesGuard.tsx';
import { languageNameOf } from '#src/i18n/language-names.ts';
import { flattenPhrases, phrasesDiffer, type FlatPhrases } from './phrases.ts';
import { PhraseEditorView, type PhraseLanguage } from './PhraseEditorView.tsx';

type Edits = { language: string; values: FlatPhrases };

/**
 * The tenant's custom phrases, a language at a time (customPhrasesMachine): the built-in languages and the custom ones,
 * each phrase beside the built-in text it replaces. Opens on the fallback language.
 */
export function PhraseEditor({ fallbackLanguage, onClose }: { fallbackLanguage: string; onClose: () => void }) {
  const { t } = useLingui();
  const queries = useTenantQueries(signInExperienceQueries);
  const stored = useQuery(queries.customPhrases());
  const write = useWriteCustomPhrases({ handles: [cannotDeleteDefaultCode] });
  const [edits, setEdits] = useState<Edits>();
  const [added, setAdded] = useState<string[]>([]);

  const latest = useRef({ onClose });
  latest.current = { onClose };
  const [state, send] = useMachine(
    customPhrasesMachine.provide({
      actors: {
        save: fromPromise<void, PhrasesSaveRequest>(({ input }) => write.mutateAsync(input)),
        remove: fromPromise<void, { language: string }>(({ input }) => write.mutateAsync({ language: input.language })),
      },
      actions: {
        close: () => latest.current.onClose(),
        notifySaved: (_, language: string) => {
          setEdits(undefined);
          notifications.show({ color: 'green', message: t`Phrases of ${languageNameOf(language)} saved` });
        },
        notifyDeleted: (_, language: string) => {
          setEdits(undefined);
          setAdded((tags) => tags.filter((tag) => tag !== language));
          notifications.show({ color: 'green', message: t`Phrases of ${languageNameOf(language)} deleted` });
        },
      },
    }),
    { input: { language: fallbackLanguage, fallbackLanguage } },
  );

  const { language } = state.context;
  const builtIn = useQuery({ ...queries.builtInPhrases(language), select: (phrase) => flattenPhrases(phrase.translation) });
  const customTags = stored.data?.map((phrase) => phrase.languageTag) ?? [];
  const saved = flattenPhrases(stored.data?.find((phrase) => phrase.languageTag === language)?.translation);
  const values = edits?.language === language ? edits.values : saved;
  const others = [...new Set([...customTags, ...added, language])].filter((tag) => !(locales as readonly string[]).includes(tag)).sort();
  const languages: PhraseLanguage[] = [...locales, ...others].map((tag) => ({ tag, custom: customTags.includes(tag) }));
  const busy = state.matches('saving') || state.matches('deleting');

  return (
    <>
      <PhraseEditorView
        state={state}
        send={(event) => {
          if (event.type === 'SELECT' && !languages.some((item) => item.tag === event.language)) setAdded((tags) => [...tags, event.language]);
          send(event);
        }}
        languages={languages}
        fallbackLanguage={fallbackLanguage}
        builtIn={stored.isPending ? undefined : builtIn.data}
        saved={saved}
        values={values}
        onChange={(key, value) => setEdits({ language, values: { ...values, [key]: value } })}
      />
      <UnsavedChangesGuard when={phrasesDiffer(values, saved) && !busy} />
    </>
  );
}
