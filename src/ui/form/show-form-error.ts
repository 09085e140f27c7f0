import type { UseFormReturnType } from '@mantine/form';
import type { ErrorCode } from '#schemas/error-codes.ts';
import { detailsText, toApiError } from '#src/api/errors.ts';
import { mantineFeedback } from '#src/api/feedback.tsx';
import { serverFieldErrors, type FieldCodes, type FieldMessages } from './form-errors.ts';

export type FormErrorOptions = {
  messages: FieldMessages;
  /** Server codes that belong to one field: code → [field, message]. */
  codes?: FieldCodes;
};

const invalidInput: ErrorCode = 'guard.invalid_input';

/** The codes a form shows on its fields, to declare on its write (`handles`): the kit toasts every other failure. */
export const formHandles = (codes: FieldCodes = {}): ErrorCode[] => [invalidInput, ...(Object.keys(codes) as ErrorCode[])];

/**
 * A failed write on its form: the server's field errors on their fields. The kit has toasted any failure the form did
 * not declare; a declared one that names no field of the form is toasted here, so that it is not lost.
 */
export function showFormError<Values>(form: UseFormReturnType<Values>, error: unknown, { messages, codes }: FormErrorOptions) {
  const fieldErrors = serverFieldErrors(error, messages, codes);
  if (fieldErrors) return form.setErrors(fieldErrors);
  const { code, message, body } = toApiError(error);
  if (code && formHandles(codes).includes(code as ErrorCode)) mantineFeedback.toastError(message, detailsText(body?.details));
}

/** A form's server errors, declared once: the codes its write declares (`handles`), and their display on its fields. */
export const formErrors = (options: FormErrorOptions) => ({
  handles: formHandles(options.codes),
  show: <Values,>(form: UseFormReturnType<Values>, error: unknown) => showFormError(form, error, options),
});
