import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../pages/Placeholder.tsx';

export const Route = createFileRoute('/social-demo-callback')({
  component: () => <Placeholder page="socialDemoCallback" />,
});
