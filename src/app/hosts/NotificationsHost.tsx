import '@mantine/notifications/styles.css';
import { MantineThemeProvider, Notification } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';

export default function NotificationsHost() {
  const { t } = useLingui();
  // Every toast's close button is named, in the reader's language.
  const theme = { components: { Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': t`Close` } } }) } };
  return (
    <MantineThemeProvider theme={theme}>
      <Notifications position="top-right" />
    </MantineThemeProvider>
  );
}
