import { NumberInput, type NumberInputProps } from '@mantine/core';

/** A Number form item (loaded only by a form that has one). */
export const NumberField = (props: NumberInputProps) => <NumberInput {...props} />;
