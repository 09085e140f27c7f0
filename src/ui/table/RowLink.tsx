import type { ComponentPropsWithRef } from 'react';
import { createLink } from '@tanstack/react-router';

const rowLinkStyle = { color: 'inherit', textDecoration: 'none' };

/** The anchor of a row's link: it reads as the cell's text, and DataTable follows it on a click anywhere on the row. */
function RowAnchor(props: ComponentPropsWithRef<'a'>) {
  return <a {...props} data-row-link="" style={rowLinkStyle} />;
}

/** A table row's link to its entity (typed `to` and `params`), for DataTable's `rowLink`. */
export const RowLink = createLink(RowAnchor);
