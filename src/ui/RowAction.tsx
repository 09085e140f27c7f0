import { createContext, useContext, useId } from 'react';
import { Button, type ButtonProps } from './Button.tsx';

/** The id of the label of the row that the actions inside belong to. */
export const RowLabelId = createContext<string | undefined>(undefined);

/**
 * A row's action ("Edit" in the row "Name"), named by its own text and then the row's label ("Edit Name"): the name
 * begins with the text on screen in every language (WCAG 2.5.3; axe's label-content-name-mismatch), which a separate
 * translation of the whole name does not promise.
 */
export function RowAction({ children, ...props }: ButtonProps) {
  const rowLabelId = useContext(RowLabelId);
  const textId = useId();
  return (
    <Button variant="default" size="xs" aria-labelledby={rowLabelId && `${textId} ${rowLabelId}`} {...props}>
      <span id={textId}>{children}</span>
    </Button>
  );
}
