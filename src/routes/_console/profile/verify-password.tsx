import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../../pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/profile/verify-password')({
  component: () => <Placeholder page="verifyPassword" />,
});
