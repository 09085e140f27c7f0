import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../../pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/profile/change-password')({
  component: () => <Placeholder page="changePassword" />,
});
