import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import direction from '../ui/direction.module.css';
import fieldset from '../ui/form/fieldset.module.css';

const typedText = { classNames: { input: direction.typed }, defaultProps: { attributes: { input: { dir: 'auto' } } } };

export const theme = createTheme({
  primaryColor: 'violet',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // A modal's <header> would be a second banner landmark beside the top bar's. (A plain object rather than
    // Modal.extend, which would bring the modal's code onto the first screen.)
    Modal: { defaultProps: { attributes: { header: { role: 'presentation' } } } },
    // Fields hold what people typed, in any language: each takes the direction of its own text (English in an Arabic
    // console reads left to right, its period at the end), not the console's. On the <input> itself: Mantine's `dir`
    // prop goes to the wrapper, whose own text is empty.
    Fieldset: { classNames: { root: fieldset.root, legend: fieldset.legend } },
    TextInput: typedText,
    Textarea: typedText,
  },
});

/**
 * Where Mantine's default shades fall below the WCAG AA contrast of 4.5:1: dimmed text (gray 6 on white), white on a
 * red button or red text (red 6, 3.3:1), green on light green (green 9 on green 1, 3.8:1), yellow on light yellow
 * (yellow 9, 2.7:1), violet text and links on dark surfaces (violet 4, 4.0:1) and a field's error on dark surfaces
 * (red 8, 3.0:1). On dark green, Mantine's near-white green 0 reads as plain white text on a pill barely darker than
 * the surface; green 3 (7.5:1) keeps the tag green.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled-hover': 'color-mix(in srgb, var(--mantine-color-red-9), black 12%)',
    '--mantine-color-red-outline': 'var(--mantine-color-red-9)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-green-light-color': 'color-mix(in srgb, var(--mantine-color-green-9), black 25%)',
    '--mantine-color-yellow-light-color': 'color-mix(in srgb, var(--mantine-color-yellow-9), black 35%)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-violet-light-color': 'var(--mantine-color-violet-3)',
    '--mantine-color-violet-text': 'var(--mantine-color-violet-3)',
    '--mantine-color-anchor': 'var(--mantine-color-violet-3)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-green-light-color': 'var(--mantine-color-green-3)',
  },
});
