import { useEffect, useRef, useState } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';

export type SearchInputProps = {
  label: string;
  /** What shows in the empty box when the label is too long for it (the search icon says "search"); the label by default. */
  placeholder?: string;
  value: string | undefined;
  onSearch: (q: string) => void;
};

const searchDelay = 300;

/**
 * A list's search box: what is typed shows at once, the search follows once typing pauses (and at once on Enter). On a
 * wide screen it grows to show its whole placeholder in any language.
 */
export function SearchInput({ label, placeholder = label, value = '', onSearch }: SearchInputProps) {
  const [typed, setTyped] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const search = useDebouncedCallback((q: string) => onSearch(q.trim()), searchDelay);
  // The URL changed by other means (back, a link): show its search, unless the person is typing.
  useEffect(() => {
    if (document.activeElement !== input.current) setTyped(value);
  }, [value]);
  return (
    <TextInput
      ref={input}
      type="search"
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={typed}
      maxLength={256}
      w={{ base: '100%', xs: 'auto' }}
      styles={{ input: { fieldSizing: 'content', minWidth: 280, maxWidth: '100%' } }}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        search.cancel();
        onSearch(typed.trim());
      }}
    />
  );
}
