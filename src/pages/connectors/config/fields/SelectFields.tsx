import { MultiSelect, Select, type MultiSelectProps, type SelectProps } from '@mantine/core';

/** Select and MultiSelect form items (loaded only by a form that has one): they share the combobox code. */
export const SelectField = (props: SelectProps) => <Select {...props} />;
export const MultiSelectField = (props: MultiSelectProps) => <MultiSelect {...props} />;
