import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoadingScreen } from '../ui/LoadingScreen.tsx';

/**
 * The sign-in callback. The session handles it before the router mounts and then replaces the location with the
 * saved one, so the router only reaches this route when it is opened again later: it leads to the console.
 */
export const Route = createFileRoute('/callback')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
  component: LoadingScreen,
});
