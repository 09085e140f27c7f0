import { Textarea, type TextareaProps } from '@mantine/core';

/** A MultilineText form item (loaded only by a form that has one). */
export const TextareaField = (props: TextareaProps) => <Textarea autosize minRows={3} maxRows={12} {...props} />;
