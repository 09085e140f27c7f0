import { createFileRoute } from '@tanstack/react-router';
import { PasswordChangeFlow } from '#src/flows/password-change/PasswordChangeFlow.tsx';

export const Route = createFileRoute('/_console/profile/change-password')({
  component: () => <PasswordChangeFlow step="changePassword" />,
});
