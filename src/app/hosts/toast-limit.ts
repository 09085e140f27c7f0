import { notificationsStore } from '@mantine/notifications';

/** At most this many toasts show at once; later ones wait their turn (five at once covered the page they report on). */
export const toastLimit = 2;

// Set on the store before the first toast: the container, which loads with that toast, would set it only after the
// first ones were already out.
notificationsStore.setState({ ...notificationsStore.getState(), limit: toastLimit });
