import { createFileRoute } from '@tanstack/react-router';
import { SocialDemoCallbackPage } from '../pages/SocialDemoCallbackPage.tsx';

export const Route = createFileRoute('/social-demo-callback')({
  component: SocialDemoCallbackPage,
});
