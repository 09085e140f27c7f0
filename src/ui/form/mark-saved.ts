import type { UseFormReturnType } from '@mantine/form';

/** After a save: the saved values become the form's values and its baseline, so it is no longer dirty. */
export function markSaved<Values extends Record<string, unknown>>(form: UseFormReturnType<Values>, values: Values) {
  form.setInitialValues(values);
  form.setValues(values);
  form.resetDirty(values);
}
