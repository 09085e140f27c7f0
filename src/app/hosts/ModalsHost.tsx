import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';

/** Mantine's modal manager; `onReady` runs once it listens for `modals.open…` events. */
export default function ModalsHost({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return <ModalsProvider>{null}</ModalsProvider>;
}
