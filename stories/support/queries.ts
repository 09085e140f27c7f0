import { within } from 'storybook/test';

/** Queries over the whole document: dialogs and menus render in a portal, outside the story's canvas. */
export const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const dialogNamed = async (canvasElement: HTMLElement, name: string | RegExp) => body(canvasElement).findByRole('dialog', { name });
