import { memo, useMemo, useRef, type KeyboardEvent, type UIEvent } from 'react';
import { dedentBefore, isCloser, lineBreakAt, tokenLines, type CodeLanguage, type Token } from './code-text.ts';
import classes from './CodeEditor.module.css';

export type CodeEditorProps = {
  value: string;
  onChange: (value: string) => void;
  language: CodeLanguage;
  /** The id of the element that names the editor (its label). */
  labelledBy: string;
  /** The id of the element that describes it (its error), if any. */
  describedBy?: string;
  /** A line to mark as wrong (1-based), with the message under the editor. */
  errorLine?: number;
  invalid?: boolean;
  /** The editor's height, in CSS units. */
  height: string;
};

const sameTokens = (a: Token[], b: Token[]) => a.length === b.length && a.every((token, index) => token.text === b[index]!.text && token.kind === b[index]!.kind);

/** One highlighted line; drawn again only when its tokens or its error mark change. */
const Line = memo(
  function Line({ tokens, isError }: { tokens: Token[]; isError: boolean }) {
    return (
      <div className={isError ? `${classes.line} ${classes.errorLine}` : classes.line}>
        {tokens.length === 0 ? ' ' : tokens.map((token, index) => (token.kind ? <span key={index} className={classes[token.kind]}>{token.text}</span> : token.text))}
      </div>
    );
  },
  (before, after) => before.isError === after.isError && sameTokens(before.tokens, after.tokens),
);

/**
 * Replaces the selection with `text` as typing would, so that the browser's undo takes it back, and puts the caret
 * `caret` characters after the start of the insertion.
 */
const typeText = (input: HTMLTextAreaElement, text: string, caret = text.length) => {
  const start = input.selectionStart;
  // execCommand is the one way to edit a textarea inside its undo history.
  if (!input.ownerDocument.execCommand('insertText', false, text)) {
    input.setRangeText(text, start, input.selectionEnd, 'end');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  input.setSelectionRange(start + caret, start + caret);
};

/**
 * A small code editor: a native textarea over its highlighted copy, with line numbers and the line of an error marked.
 * The textarea is what the keyboard, the screen reader and the browser's undo use, and what scrolls; the copy and the
 * line numbers follow its scrolling. Enter keeps the indentation (one level more after an opening bracket) and a
 * closing bracket takes a level back. Tab is not bound, so that the keyboard can leave the editor.
 */
export function CodeEditor({ value, onChange, language, labelledBy, describedBy, errorLine, invalid, height }: CodeEditorProps) {
  const lines = useMemo(() => tokenLines(value, language), [value, language]);
  const highlight = useRef<HTMLPreElement>(null);
  const numbers = useRef<HTMLDivElement>(null);

  // Scroll events come before the frame is painted: the copy never shows out of step with the caret.
  const onScroll = ({ currentTarget: { scrollLeft, scrollTop } }: UIEvent<HTMLTextAreaElement>) => {
    highlight.current!.style.transform = `translate(${-scrollLeft}px, ${-scrollTop}px)`;
    numbers.current!.style.transform = `translateY(${-scrollTop}px)`;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const textarea = event.currentTarget;
    if (event.altKey || event.ctrlKey || event.metaKey || event.nativeEvent.isComposing || textarea.selectionStart !== textarea.selectionEnd) return;
    const caret = textarea.selectionStart;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      const lineBreak = lineBreakAt(textarea.value, caret);
      typeText(textarea, lineBreak.insert, lineBreak.caret);
    } else if (isCloser(event.key) && dedentBefore(textarea.value, caret) > 0) {
      event.preventDefault();
      textarea.setSelectionRange(caret - dedentBefore(textarea.value, caret), caret);
      typeText(textarea, event.key);
    }
  };

  return (
    <div className={classes.frame} dir="ltr" data-invalid={invalid || undefined} style={{ height }}>
      <div className={classes.gutter} aria-hidden="true">
        <div ref={numbers}>
          {lines.map((_, index) => (
            <div key={index} className={index + 1 === errorLine ? `${classes.lineNumber} ${classes.errorLineNumber}` : classes.lineNumber}>
              {index + 1}
            </div>
          ))}
        </div>
      </div>
      <div className={classes.code}>
        <pre ref={highlight} className={classes.highlight} aria-hidden="true">
          {lines.map((tokens, index) => (
            <Line key={index} tokens={tokens} isError={index + 1 === errorLine} />
          ))}
        </pre>
        <textarea
          className={classes.input}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onScroll={onScroll}
          aria-labelledby={labelledBy}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          wrap="off"
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          autoCorrect="off"
          dir="ltr"
        />
      </div>
    </div>
  );
}
