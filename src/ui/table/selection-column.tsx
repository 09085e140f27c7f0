import { useEffect, useRef } from 'react';
import type { Column } from './DataTable.tsx';

/** Rows that can be selected, each by a labelled checkbox, with one in the header for every row of the page. */
export type RowSelection<T> = {
  isSelected: (row: T) => boolean;
  onSelect: (rows: T[], selected: boolean) => void;
  /** The accessible name of a row's checkbox ("Select Ann"). */
  rowLabel: (row: T) => string;
  /** The accessible name of the header's checkbox. */
  allLabel: string;
};

type SelectBoxProps = { label: string; checked: boolean; indeterminate?: boolean; disabled?: boolean; onChange: (checked: boolean) => void };

/** The browser's own checkbox in the theme's colour: a list of them costs no component code. */
function SelectBox({ label, checked, indeterminate = false, disabled, onChange }: SelectBoxProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={input}
      type="checkbox"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.checked)}
      style={{ width: 16, height: 16, margin: 0, verticalAlign: 'middle', accentColor: 'var(--mantine-primary-color-filled)', cursor: 'pointer' }}
    />
  );
}

/** The first column of a table whose rows can be selected; `rows` are the page's. */
export function selectionColumn<T>(rows: readonly T[], { isSelected, onSelect, rowLabel, allLabel }: RowSelection<T>): Column<T> {
  const selected = rows.filter(isSelected).length;
  return {
    key: 'select',
    holdsLink: false,
    width: 40,
    title: (
      <SelectBox
        label={allLabel}
        checked={rows.length > 0 && selected === rows.length}
        indeterminate={selected > 0 && selected < rows.length}
        disabled={rows.length === 0}
        onChange={(checked) => onSelect([...rows], checked)}
      />
    ),
    render: (row) => <SelectBox label={rowLabel(row)} checked={isSelected(row)} onChange={(checked) => onSelect([row], checked)} />,
  };
}
