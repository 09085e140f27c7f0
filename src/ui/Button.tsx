import type { ComponentPropsWithoutRef, MouseEvent } from 'react';
import { Button as MantineButton, type ButtonProps as MantineButtonProps } from '@mantine/core';
import { buttonSpinnerDelay } from '#schemas/constants.ts';
import { useDelayedFlag } from './useDelayedFlag.ts';

export type ButtonProps = MantineButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof MantineButtonProps>;

/** A button whose spinner appears only after 500 ms of loading; clicks are ignored while loading. */
export function Button({ loading = false, onClick, ...props }: ButtonProps) {
  const showSpinner = useDelayedFlag(loading, buttonSpinnerDelay);
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return <MantineButton {...props} loading={showSpinner} aria-busy={loading || undefined} onClick={handleClick} />;
}
