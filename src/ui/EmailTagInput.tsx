import { useState, type KeyboardEvent } from 'react';
import { Pill, PillsInput, VisuallyHidden } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { emailPattern } from '#schemas/user.ts';

export type EmailTagInputProps = {
  label: string;
  /** The e-mail tags. */
  value: string[];
  onChange: (value: string[]) => void;
  description?: string;
  placeholder?: string;
  /** An error from the form (e.g. the server's); the input's own invalid-e-mail message takes precedence. */
  error?: string;
  disabled?: boolean;
  /** Told when typed text is (or stops being) an invalid address, e.g. to hold back a submit. */
  onValidityChange?: (valid: boolean) => void;
};

const separators = /[\s,;]+/;

/**
 * E-mail addresses as tags (spec 01 §5): added on space, Enter or blur; Backspace on an empty input selects the last
 * tag, a second Backspace removes it. An invalid address shows a message and leaves the tags and the typed text as they are.
 */
export function EmailTagInput({ label, value, onChange, description, placeholder, error, disabled, onValidityChange }: EmailTagInputProps) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [invalid, setInvalidState] = useState<string>();
  const setInvalid = (email: string | undefined) => {
    setInvalidState(email);
    onValidityChange?.(email === undefined);
  };
  const [selectedLast, setSelectedLast] = useState(false);
  const invalidEmailMessage = (email: string) => t`${email} is not a valid e-mail address.`;

  /** Turns the typed text into tags; false when an address is invalid (nothing changes then). */
  const commit = () => {
    const candidates = text.split(separators).filter(Boolean);
    if (!candidates.length) return true;
    const wrong = candidates.find((candidate) => !emailPattern.test(candidate));
    if (wrong !== undefined) {
      setInvalid(wrong);
      return false;
    }
    const known = new Set(value.map((email) => email.toLowerCase()));
    const added = candidates.filter((email) => {
      const key = email.toLowerCase();
      if (known.has(key)) return false;
      known.add(key);
      return true;
    });
    setText('');
    setInvalid(undefined);
    if (added.length) onChange([...value, ...added]);
    return true;
  };

  const remove = (email: string) => {
    setSelectedLast(false);
    onChange(value.filter((item) => item !== email));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (disabled) return;
    if (event.key === 'Enter' || event.key === ' ' || event.key === ',') {
      if (text.trim() || event.key !== ' ') event.preventDefault();
      commit();
      return;
    }
    if (event.key === 'Backspace' && text === '' && value.length) {
      event.preventDefault();
      if (selectedLast) remove(value[value.length - 1]!);
      else setSelectedLast(true);
      return;
    }
    setSelectedLast(false);
  };

  const lastIndex = value.length - 1;
  const selectedEmail = selectedLast ? value[lastIndex] : undefined;
  return (
    <>
    <PillsInput
      label={label}
      description={description}
      error={invalid === undefined ? error : invalidEmailMessage(invalid)}
    >
      <Pill.Group>
        {value.map((email, index) => {
          const selected = selectedLast && index === lastIndex;
          return (
            <Pill
              key={email}
              withRemoveButton={!disabled}
              onRemove={() => remove(email)}
              removeButtonProps={{ 'aria-label': t`Remove ${email}`, 'aria-hidden': false, tabIndex: 0 }}
              mod={{ selected }}
              bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
              bd={selected ? '1px solid var(--mantine-primary-color-filled)' : undefined}
            >
              {email}
            </Pill>
          );
        })}
        <PillsInput.Field
          value={text}
          // Read-only rather than disabled: a disabled field dims the tags below the contrast minimum.
          readOnly={disabled}
          aria-disabled={disabled || undefined}
          placeholder={value.length ? undefined : placeholder}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setSelectedLast(false);
            if (invalid !== undefined) setInvalid(undefined);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (disabled) return;
            setSelectedLast(false);
            commit();
          }}
        />
      </Pill.Group>
    </PillsInput>
    <VisuallyHidden aria-live="polite">
      {selectedEmail === undefined ? '' : t`${selectedEmail} is selected. Press Backspace again to remove it.`}
    </VisuallyHidden>
    </>
  );
}
