import { createFileRoute } from '@tanstack/react-router';
import { EmailChangeFlow } from '#src/flows/email-change/EmailChangeFlow.tsx';

export const Route = createFileRoute('/_console/profile/verification-code')({
  component: () => <EmailChangeFlow step="verificationCode" />,
});
