import { useState } from 'react';
import type { Meta } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { customPhrasesMachine, type CustomPhrasesSnapshot } from '#machines/custom-phrases.machine.ts';
import { locales } from '#schemas/locales.ts';
import { pageLocales } from '#server/pages/messages.ts';
import { builtInPhrases } from '#server/pages/phrases.ts';
import { flattenPhrases, type FlatPhrases } from '#src/pages/sign-in-experience/phrases.ts';
import { PhraseEditorView, type PhraseEditorViewProps } from '#src/pages/sign-in-experience/PhraseEditorView.tsx';
import { modalFlow, stateStories } from './state-story.tsx';

/** One story per state of the custom phrases editor (sign-in-experience.md §5, "Manage languages"), named by its state path. */
type Args = Pick<PhraseEditorViewProps, 'send' | 'saved'>;

const builtIn = flattenPhrases(builtInPhrases(pageLocales.en));
// Tags whose names are long, beside the built-in languages.
const custom = ['nl-BE', 'de-CH-1996', 'sr-Latn-BA'];
const languages = [...locales.map((tag) => ({ tag, custom: tag === 'de' })), ...custom.map((tag) => ({ tag, custom: true }))];
const saved: FlatPhrases = { signInButton: 'Aanmelden', signInToApp: 'Aanmelden bij {name}' };

const meta: Meta<Args> = {
  title: 'Flows/Custom phrases',
  parameters: { machine: customPhrasesMachine.id, layout: 'padded', ...modalFlow('720px') },
  args: { send: fn(), saved },
};

export default meta;

/** The view with edits of its own, as the page keeps them. */
function Editor({ state, send, saved: stored }: Args & { state: CustomPhrasesSnapshot }) {
  const [values, setValues] = useState<FlatPhrases>({ ...stored, 'flow.continueButton': 'Doorgaan' });
  return (
    <PhraseEditorView
      state={state}
      send={send}
      languages={languages}
      fallbackLanguage="en"
      builtIn={builtIn}
      saved={stored}
      values={values}
      onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
    />
  );
}

const stateStory = stateStories(customPhrasesMachine, { language: 'nl-BE', fallbackLanguage: 'en' }, (state, args: Args) => <Editor state={state} {...args} />);

const dialog = () => screen.findByRole('dialog', { name: 'Languages of the sign-in pages' });

export const editing = stateStory('editing', async ({ args, userEvent }) => {
  const editor = within(await dialog());
  // Each phrase is labelled by its key, with the built-in text it replaces.
  const button = editor.getByRole('textbox', { name: 'signInButton' });
  await expect(button).toHaveValue('Aanmelden');
  await expect(button).toHaveAccessibleDescription(pageLocales.en.signInButton);
  await expect(editor.getByRole('button', { name: /nl-BE/ })).toHaveAttribute('aria-current', 'true');
  await userEvent.type(editor.getByRole('textbox', { name: 'Find a phrase' }), 'password.too');
  await expect(editor.getAllByRole('textbox').length).toBeLessThan(6);
  await userEvent.click(editor.getByRole('button', { name: 'Save phrases' }));
  await expect(args.send).toHaveBeenCalledWith({
    type: 'SAVE',
    translation: { signInButton: 'Aanmelden', signInToApp: 'Aanmelden bij {name}', flow: { continueButton: 'Doorgaan' } },
  });
  await userEvent.click(editor.getByRole('button', { name: /Deutsch/ }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'SELECT', language: 'de', dirty: true });
  await userEvent.type(editor.getByRole('textbox', { name: 'Add a language' }), 'not a tag{Enter}');
  await expect(editor.getByText(/Enter a language tag written like nl-BE/)).toBeVisible();
});

export const confirmingDiscard = stateStory('confirmingDiscard', async ({ args, userEvent }) => {
  const question = within(await within(await dialog()).findByRole('alert', { name: 'Discard the unsaved phrases?' }));
  await expect(question.getByRole('button', { name: 'Keep editing' })).toHaveFocus();
  await userEvent.click(question.getByRole('button', { name: 'Discard and switch' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'DISCARD' });
}, { nextLanguage: 'de' });

export const confirmingClose = stateStory('confirmingClose', async ({ args, userEvent }) => {
  const question = within(await within(await dialog()).findByRole('alert', { name: 'Discard the unsaved phrases?' }));
  await userEvent.click(question.getByRole('button', { name: 'Keep editing' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'KEEP_EDITING' });
  await expect(question.getByRole('button', { name: 'Discard and close' })).toBeVisible();
});

const showsSaving = async () => {
  await expect(within(await dialog()).getByRole('button', { name: 'Save phrases' })).toHaveAttribute('aria-busy', 'true');
};

export const saving = stateStory('saving', showsSaving);
export const savingOpen = stateStory('saving.open', showsSaving);

/** Closed during the save: the editor stays until the save ends, so a refusal can still be shown. */
export const savingClosing = stateStory('saving.closing', showsSaving);

export const confirmingDelete = stateStory('confirmingDelete', async ({ args, userEvent }) => {
  const question = within(await within(await dialog()).findByRole('alert', { name: /^Delete the custom phrases of .+\?$/ }));
  await expect(question.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await userEvent.click(question.getByRole('button', { name: 'Delete phrases' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'CONFIRM' });
});

export const deleting = stateStory('deleting', async () => {
  await expect(within(await dialog()).getByRole('button', { name: 'Delete phrases' })).toHaveAttribute('aria-busy', 'true');
});

export const deleteRefused = stateStory('deleteRefused', async ({ args, userEvent }) => {
  const alert = within(await dialog()).getByRole('alert', { name: "The fallback language's phrases cannot be deleted" });
  await expect(alert).toHaveTextContent('is the fallback language of the sign-in pages');
  await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'DISMISS' });
});
