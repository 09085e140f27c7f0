import { formTexts, type FormTexts } from './texts.ts';

export const en = Object.fromEntries(formTexts.map((text) => [text, text])) as FormTexts;
