import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { serverFieldErrors, type FieldMessages } from './form-errors.ts';

export type FormErrorOptions = {
  messages: FieldMessages;
  /** Server codes that belong to one field: code → [field, message]. */
  codes?: Record<string, [string, string]>;
  /** The toast when the error has no message of its own. */
  fallback: string;
};

/** A failed write on its form: the server's field errors on their fields, anything else as a toast. */
export function showFormError<Values>(form: UseFormReturnType<Values>, error: unknown, { messages, codes, fallback }: FormErrorOptions) {
  const fieldErrors = serverFieldErrors(error, messages, codes);
  if (fieldErrors) form.setErrors(fieldErrors);
  else notifications.show({ color: 'red', message: error instanceof Error ? error.message : fallback });
}
