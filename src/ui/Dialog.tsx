import { useLayoutEffect, useRef } from 'react';
import { Modal, type ModalProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/**
 * The element that opened a dialog, from the one focused as it opened. An item of a menu goes when its menu closes, so
 * for one the menu's button stands in (for an item of a submenu, the button of the menu it belongs to).
 */
function openerOf(focused: Element | null): HTMLElement | null {
  let opener = focused;
  for (let menu = opener?.closest('[role="menu"]'); menu; menu = opener?.closest('[role="menu"]')) {
    const button = document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
    opener = button && !menu.contains(button) ? button : null;
  }
  return opener instanceof HTMLElement ? opener : null;
}

/**
 * Gives the focus back to the dialog's opener once it closes, whether `opened` turns false or the dialog unmounts,
 * unless the focus has moved on by then (to another dialog, say).
 */
function useReturnFocus(opened: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!opened) return;
    // The focus trap moves the focus into the dialog only after this.
    opener.current = openerOf(document.activeElement);
    return () => {
      const focusedAtClose = document.activeElement;
      const target = opener.current;
      setTimeout(() => {
        const focused = document.activeElement;
        const lost = focused === null || focused === document.body || focused === focusedAtClose || !focused.isConnected;
        if (lost && target?.isConnected) target.focus({ preventScroll: true });
      });
    };
  }, [opened]);
}

/**
 * Every modal of the console: Mantine's Modal with a named close button, which gives the focus back to whatever opened
 * it. Mantine's own focus return only sees `opened` turn true and false on a mounted modal, while most of the console's
 * modals mount already open (their code loads when first opened, or a flow renders them in a state) and unmount when
 * closed, so they would leave the focus on the page's body.
 */
export function Dialog({ opened, closeButtonProps, ...props }: ModalProps) {
  const { t } = useLingui();
  useReturnFocus(opened);
  return <Modal opened={opened} returnFocus={false} closeButtonProps={{ 'aria-label': t`Close`, ...closeButtonProps }} {...props} />;
}
