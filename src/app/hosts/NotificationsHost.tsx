import '@mantine/notifications/styles.css';
import { MantineThemeProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';

/** The toasts, each with a close button named in the console's language. */
export default function NotificationsHost() {
  const { t } = useLingui();
  const theme = { components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': t`Close` } } } } };
  return (
    <MantineThemeProvider theme={theme} inherit>
      <Notifications position="top-right" />
    </MantineThemeProvider>
  );
}
