/**
 * Whether an SVG is safe to serve: nothing in it may run script or pull in other content, whether the SVG is shown
 * through <img> or opened on its own. Character references are decoded before the checks, so `&#106;avascript:`
 * is seen as `javascript:`.
 */

const namedReferences: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n', sol: '/', lpar: '(', rpar: ')',
  period: '.', comma: ',', num: '#', bsol: '\\', commat: '@', nbsp: '\u00a0',
};

const decodeReference = (match: string, body: string) => {
  if (body.startsWith('#x') || body.startsWith('#X')) return String.fromCodePoint(Number.parseInt(body.slice(2), 16) || 0xfffd);
  if (body.startsWith('#')) return String.fromCodePoint(Number.parseInt(body.slice(1), 10) || 0xfffd);
  return namedReferences[body.toLowerCase()] ?? match;
};

/** Decodes character references (with or without the closing semicolon) until none is left. */
const decodeReferences = (text: string) => {
  let decoded = text;
  for (let previous = ''; previous !== decoded; ) {
    previous = decoded;
    decoded = decoded.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});?/gi, (match, body: string) => {
      try {
        return decodeReference(match, body);
      } catch {
        return '\ufffd';
      }
    });
  }
  return decoded;
};

/** Elements and markup that run script or embed other documents. */
const activeMarkup = /<\s*(script|foreignObject|iframe|embed|object|handler|listener)\b|<!ENTITY|<!DOCTYPE[^>]*\[/i;
/** Event handler attributes (onload=, xlink:onclick=…). */
const eventHandler = /[\s"'/]([a-z-]+:)?on[a-z]+\s*=/i;
/** What a link may point at: a fragment of this document, or an embedded bitmap. */
const localTarget = String.raw`#|data:image\/(png|jpeg|gif|webp)[;,]`;
/** A link attribute (href, xlink:href, src) whose value is anything else, quoted or not. */
const externalLink = new RegExp(String.raw`[\s"'/]([a-z-]+:)?(href|src)\s*=\s*(["']\s*(?!${localTarget})|(?![\s"']|${localTarget}))`, 'i');
/** @import, or url() of anything but a fragment (in CSS or in attributes such as fill). */
const fetchingReference = new RegExp(String.raw`@import|url\(\s*["']?\s*(?!${localTarget})`, 'i');
const scriptUrl = /(java|vb)script:|data:text\/html/i;
/** White space, control and format characters, which browsers skip inside a URL scheme (`java\tscript:`). */
const ignoredInSchemes = /[\s\p{Cc}\p{Cf}]/gu;

/** CSS appears in <style> elements and in style attributes; escapes in it could hide @import or url(. */
const cssOf = (text: string) =>
  [...text.matchAll(/<\s*style\b[^>]*>([\s\S]*?)(<\s*\/\s*style\s*>|$)|[\s"'/]style\s*=\s*(["'])([\s\S]*?)\3/gi)].map(
    (match) => match[1] ?? match[4] ?? '',
  );

export const isSafeSvg = (text: string) => {
  const decoded = decodeReferences(text);
  if (activeMarkup.test(decoded) || eventHandler.test(decoded)) return false;
  if (externalLink.test(decoded) || fetchingReference.test(decoded) || scriptUrl.test(decoded.replace(ignoredInSchemes, ''))) return false;
  return !cssOf(decoded).some((css) => css.includes('\\'));
};
