import { useState } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmailTagInput } from '#src/ui/EmailTagInput.tsx';
import { renderInConsole } from './render.tsx';

afterEach(cleanup);

const label = 'Invite collaborators';

/** The input as a form holds it: the tags in state, every change recorded. */
function renderTagInput(initial: string[] = []) {
  const changes: string[][] = [];
  function Form() {
    const [value, setValue] = useState(initial);
    return (
      <>
        <EmailTagInput
          label={label}
          value={value}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
        />
        <button type="button">Elsewhere</button>
      </>
    );
  }
  renderInConsole(<Form />);
  return { user: userEvent.setup(), input: screen.getByLabelText(label), changes };
}

const tags = () => screen.queryAllByRole('button', { name: /^Remove / }).map((button) => button.getAttribute('aria-label')?.slice(7));

test('the input has a visible label', () => {
  const { input } = renderTagInput();
  expect(screen.getByText(label).tagName).toBe('LABEL');
  expect(input.tagName).toBe('INPUT');
});

test('tags are added on space, Enter and blur', async () => {
  const { user, input, changes } = renderTagInput();
  await user.type(input, 'ada@example.com ');
  expect(tags()).toEqual(['ada@example.com']);
  expect(input).toHaveProperty('value', '');
  await user.type(input, 'bob@example.com{Enter}');
  expect(tags()).toEqual(['ada@example.com', 'bob@example.com']);
  await user.type(input, 'cy@example.org');
  await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
  expect(tags()).toEqual(['ada@example.com', 'bob@example.com', 'cy@example.org']);
  expect(changes).toHaveLength(3);
});

test('a space or Enter on an empty input adds nothing', async () => {
  const { user, input, changes } = renderTagInput();
  await user.type(input, ' {Enter}');
  await user.tab();
  expect(changes).toEqual([]);
});

test('an invalid e-mail shows the message, keeps what was typed and leaves the tags unchanged', async () => {
  const { user, input, changes } = renderTagInput(['ada@example.com']);
  await user.type(input, 'not-an-email{Enter}');
  expect(screen.getByText('not-an-email is not a valid e-mail address.')).toBeTruthy();
  expect(input).toHaveProperty('value', 'not-an-email');
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(tags()).toEqual(['ada@example.com']);
  expect(changes).toEqual([]);

  await user.type(input, '@example.com ');
  expect(screen.queryByText(/is not a valid e-mail address/)).toBeNull();
  expect(tags()).toEqual(['ada@example.com', 'not-an-email@example.com']);
});

test('when any pasted address is invalid, none is added', async () => {
  const { user, input, changes } = renderTagInput();
  await user.click(input);
  await user.paste('ada@example.com bad@');
  await user.keyboard('{Enter}');
  expect(screen.getByText('bad@ is not a valid e-mail address.')).toBeTruthy();
  expect(changes).toEqual([]);
  await user.clear(input);
  await user.paste('ada@example.com, bob@example.com');
  await user.keyboard('{Enter}');
  expect(tags()).toEqual(['ada@example.com', 'bob@example.com']);
});

test('duplicates are ignored, whatever their case', async () => {
  const { user, input, changes } = renderTagInput(['ada@example.com']);
  await user.type(input, 'ADA@example.com{Enter}');
  expect(tags()).toEqual(['ada@example.com']);
  expect(input).toHaveProperty('value', '');
  expect(changes).toEqual([]);
});

test('Backspace on an empty input selects the last tag, a second Backspace removes it', async () => {
  const { user, input } = renderTagInput(['ada@example.com', 'bob@example.com']);
  await user.click(input);
  await user.keyboard('{Backspace}');
  expect(tags()).toEqual(['ada@example.com', 'bob@example.com']);
  expect(screen.getByText('bob@example.com is selected. Press Backspace again to remove it.')).toBeTruthy();
  await user.keyboard('{Backspace}');
  expect(tags()).toEqual(['ada@example.com']);
  expect(screen.queryByText(/is selected/)).toBeNull();
});

test('typing after selecting the last tag keeps it', async () => {
  const { user, input } = renderTagInput(['ada@example.com']);
  await user.click(input);
  await user.keyboard('{Backspace}c{Backspace}{Backspace}');
  expect(tags()).toEqual(['ada@example.com']);
  expect(screen.getByText('ada@example.com is selected. Press Backspace again to remove it.')).toBeTruthy();
});

test('Backspace while text is typed edits the text only', async () => {
  const { user, input } = renderTagInput(['ada@example.com']);
  await user.type(input, 'bo{Backspace}');
  expect(input).toHaveProperty('value', 'b');
  expect(tags()).toEqual(['ada@example.com']);
});

test('each tag has a labelled remove button, reachable by keyboard', async () => {
  const { user, input } = renderTagInput(['ada@example.com', 'bob@example.com']);
  await user.click(screen.getByRole('button', { name: 'Remove ada@example.com' }));
  expect(tags()).toEqual(['bob@example.com']);
  await user.click(input);
  await user.tab({ shift: true });
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove bob@example.com' }));
  await user.keyboard('{Enter}');
  expect(tags()).toEqual([]);
});

test("the form's own error shows when the input has none", () => {
  renderInConsole(<EmailTagInput label={label} value={[]} onChange={vi.fn()} error="Server said no" />);
  expect(screen.getByText('Server said no')).toBeTruthy();
});

test('the form is told when typed text is an invalid address, and when it no longer is', async () => {
  const onValidityChange = vi.fn();
  renderInConsole(<EmailTagInput label={label} value={[]} onChange={vi.fn()} onValidityChange={onValidityChange} />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(label), 'bob@{Enter}');
  expect(onValidityChange).toHaveBeenLastCalledWith(false);
  await user.type(screen.getByLabelText(label), 'x');
  expect(onValidityChange).toHaveBeenLastCalledWith(true);
});

test('disabled, the tags stay readable but nothing can be typed or removed', async () => {
  const onChange = vi.fn();
  renderInConsole(<EmailTagInput label={label} value={['ada@example.com']} onChange={onChange} disabled />);
  const user = userEvent.setup();
  const input = screen.getByLabelText(label);
  await user.type(input, 'bob@example.com{Enter}{Backspace}{Backspace}');
  expect(input).toHaveProperty('value', '');
  expect(input.getAttribute('aria-disabled')).toBe('true');
  expect(screen.getByText('ada@example.com')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Remove ada@example.com' })).toBeNull();
  expect(onChange).not.toHaveBeenCalled();
});
