/** Layout checks of the phone-width stories, on what the browser laid out. */

/** The element's text is shown whole: not cut off, not shortened with an ellipsis. */
export const isShownWhole = (element: Element) => element.scrollWidth <= element.clientWidth + 1;

/** The two boxes share some area. */
export function overlap(a: Element, b: Element) {
  const first = a.getBoundingClientRect();
  const second = b.getBoundingClientRect();
  return first.left < second.right && second.left < first.right && first.top < second.bottom && second.top < first.bottom;
}

/** The element lies within the window's width. */
export function isWithinWindow(element: Element) {
  const { left, right } = element.getBoundingClientRect();
  return left >= 0 && right <= document.documentElement.clientWidth;
}

const drawsLine = (element: Element) => {
  if (element.getAttribute('role') === 'separator') return true;
  const style = getComputedStyle(element);
  const top = style.borderTopStyle !== 'none' && parseFloat(style.borderTopWidth) > 0;
  return top || (style.borderBottomStyle !== 'none' && parseFloat(style.borderBottomWidth) > 0);
};

/** Lines inside a card (separators, borders) with nothing below them: a divider that ends the card. */
export function trailingLines(card: Element) {
  const inside = [...card.querySelectorAll('*')];
  const contentBottom = Math.max(...inside.filter((element) => element.childElementCount === 0 && element.textContent?.trim()).map((element) => element.getBoundingClientRect().bottom));
  return inside.filter((element) => drawsLine(element) && element.getBoundingClientRect().top >= contentBottom);
}

/** The element sits in the middle of its container's content box, from side to side. */
export function isCentredIn(element: Element, container: Element) {
  const box = element.getBoundingClientRect();
  const outer = container.getBoundingClientRect();
  const style = getComputedStyle(container);
  const left = box.left - outer.left - parseFloat(style.paddingLeft);
  const right = outer.right - parseFloat(style.paddingRight) - box.right;
  return Math.abs(left - right) <= 1;
}

/** A block of text as wide as at least half the window: it reads in lines of words, not in fragments of a few letters. */
export const hasReadableWidth = (element: Element) => element.getBoundingClientRect().width >= document.documentElement.clientWidth / 2;

/** The element is shown whole and lies within the window: nothing of it is cut, scrolled away or hidden. */
export const isFullyShown = (element: Element) => isShownWhole(element) && isWithinWindow(element);

/** The text of each line the element's text is laid out in. */
export function linesOf(element: Element): string[] {
  const lines: string[] = [];
  let top: number | undefined;
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let index = 0; index < (node.textContent ?? '').length; index++) {
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      const rect = range.getClientRects()[0];
      if (!rect) continue;
      if (top === undefined || rect.top > top + rect.height / 2) lines.push('');
      top = rect.top;
      lines[lines.length - 1] += node.textContent![index];
    }
  }
  return lines;
}

/** The field's placeholder fits inside it: its text, in the field's font, is no wider than the room between the paddings. */
export function placeholderFits(input: HTMLInputElement) {
  const style = getComputedStyle(input);
  const context = document.createElement('canvas').getContext('2d')!;
  context.font = style.font;
  const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return context.measureText(input.placeholder).width <= room;
}
