import { Fragment, type ReactNode } from 'react';

/**
 * An identifier (an e-mail, a username, a URL) with line-break opportunities after each "@" and "/" and before each "."
 * and "_", so that one too long for its line wraps between its parts rather than mid-word.
 */
export function withWordBreaks(text: string): ReactNode {
  const parts = text.split(/(?<=[@/])|(?=[._])/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
