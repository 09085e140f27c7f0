import { notifications } from '@mantine/notifications';

export type DialogWrite = {
  write: () => Promise<unknown>;
  /** The toast once written, when the page behind does not show the result itself. */
  done?: string;
  onClose: () => void;
};

/** A dialog's write: then its toast, if any, and the dialog closes; a failure is the kit's toast, and the dialog stays. */
export async function writeThenClose({ write, done, onClose }: DialogWrite) {
  try {
    await write();
  } catch {
    return;
  }
  if (done) notifications.show({ color: 'green', message: done });
  onClose();
}
