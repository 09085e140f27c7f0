import { JsonInput, type JsonInputProps } from '@mantine/core';

/** A Json form item, and the editor of a factory without form items (loaded only by a form that has one). */
export const JsonField = (props: JsonInputProps) => <JsonInput autosize minRows={4} maxRows={20} formatOnBlur {...props} />;
