import { createFileRoute } from '@tanstack/react-router';
import { HandleSocialFlow } from '#src/flows/handle-social/HandleSocialFlow.tsx';

export const Route = createFileRoute('/_console/handle-social')({
  component: HandleSocialFlow,
});
