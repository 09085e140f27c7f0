import { IconPlus } from '@tabler/icons-react';
import { createLink } from '@tanstack/react-router';
import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';

function CreateButton(props: ButtonProps & Omit<ComponentPropsWithRef<'a'>, keyof ButtonProps>) {
  return <Button component="a" leftSection={<IconPlus size={16} aria-hidden="true" />} {...props} />;
}

/** A list's create action: a link (typed `to`, `params` and `search`) to its create route, which opens over the list. */
export const CreateLink = createLink(CreateButton);
