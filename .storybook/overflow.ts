/**
 * Text that does not fit where it is shown: the document scrolls sideways, or an element holding text is wider inside
 * than its box. Truncation on purpose (text-overflow: ellipsis), text for screen readers only and scrolling containers
 * are left out.
 */
export function overflowingText(document: Document): string[] {
  const found: string[] = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) found.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth} px`);
  for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
    const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
    // Inline boxes have no width of their own; text for screen readers only is 1 px wide on purpose.
    if (!ownText || element.clientWidth <= 1 || element.scrollWidth <= element.clientWidth + 1) continue;
    const style = getComputedStyle(element);
    if (style.textOverflow === 'ellipsis' || style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
    if (element.closest('[aria-hidden="true"], [hidden]')) continue;
    found.push(`${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 60)}": ${element.scrollWidth} > ${element.clientWidth} px`);
  }
  return found;
}
