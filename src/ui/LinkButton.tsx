import type { ComponentPropsWithRef } from 'react';
import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';

function AnchorButton(props: ButtonProps & Omit<ComponentPropsWithRef<'a'>, keyof ButtonProps>) {
  return <Button component="a" {...props} />;
}

function TextAnchor(props: AnchorProps & Omit<ComponentPropsWithRef<'a'>, keyof AnchorProps>) {
  return <Anchor component="a" {...props} />;
}

/** A router link that looks like a text link (typed `to` and `params`). */
export const LinkAnchor = createLink(TextAnchor);

/** A router link that looks like a button (typed `to` and `params`, `activeProps` for the current page). */
export const LinkButton = createLink(AnchorButton);

/** Props of a link in a row of tab links: subtle, and highlighted while its page is open. */
export const tabLinkProps = { variant: 'subtle', color: 'gray', activeProps: { variant: 'light', color: undefined } } as const;
