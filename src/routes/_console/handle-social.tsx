import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/handle-social')({
  component: () => <Placeholder page="handleSocial" />,
});
