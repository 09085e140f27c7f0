import { createTheme, Modal, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'violet',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // A modal's <header> would be a second banner landmark beside the top bar's.
    Modal: Modal.extend({ defaultProps: { attributes: { header: { role: 'presentation' } } } }),
  },
});

/** Mantine's default dimmed text (gray 6 on white) is below the WCAG AA contrast of 4.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
