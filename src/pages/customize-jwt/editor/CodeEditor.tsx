import { useEffect, useRef } from 'react';
import { Box } from '@mantine/core';
import { EditorState, StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers, type DecorationSet } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { HighlightStyle, StreamLanguage, bracketMatching, indentOnInput, syntaxHighlighting } from '@codemirror/language';
// The stream modes of JavaScript and JSON: a tenth of the Lezer grammars' weight, for the same highlighting and indenting
// (the editor's chunk stays within the page's 120 kB budget).
import { javascript, json } from '@codemirror/legacy-modes/mode/javascript';
import { tags } from '@lezer/highlight';
import classes from './CodeEditor.module.css';

export type CodeEditorProps = {
  value: string;
  onChange: (value: string) => void;
  language: 'javascript' | 'json';
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

const highlightStyle = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword, tags.operatorKeyword], class: classes.keyword },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], class: classes.string },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], class: classes.number },
  { tag: [tags.comment, tags.lineComment, tags.blockComment, tags.docComment], class: classes.comment },
  { tag: [tags.propertyName, tags.definition(tags.variableName), tags.function(tags.variableName)], class: classes.property },
  { tag: tags.invalid, class: classes.invalid },
]);

const languages = { javascript: StreamLanguage.define(javascript), json: StreamLanguage.define(json) };

const setErrorLine = StateEffect.define<number | undefined>();
const errorLineField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(decorations, transaction) {
    let next = decorations.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (!effect.is(setErrorLine)) continue;
      const line = effect.value;
      const { doc } = transaction.state;
      next = line && line >= 1 && line <= doc.lines ? Decoration.set([Decoration.line({ class: classes.errorLine }).range(doc.line(line).from)]) : Decoration.none;
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const surface = (height: string) =>
  EditorView.theme({
    '&': { height, fontSize: 'var(--mantine-font-size-sm)', backgroundColor: 'var(--mantine-color-body)', color: 'var(--mantine-color-text)' },
    '.cm-scroller': { fontFamily: 'var(--mantine-font-family-monospace)', overflow: 'auto' },
    '.cm-gutters': { backgroundColor: 'var(--mantine-color-default)', color: 'var(--mantine-color-dimmed)', borderInlineEnd: '1px solid var(--mantine-color-default-border)' },
    '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'color-mix(in srgb, var(--mantine-color-default-hover) 60%, transparent)' },
    '&.cm-focused': { outline: 'none' },
    '.cm-cursor': { borderLeftColor: 'var(--mantine-color-text)' },
  });

/**
 * A small code editor (CodeMirror 6): line numbers, highlighting, undo, bracket matching, the line of an error marked.
 * Tab is not bound, so that the keyboard can leave the editor; code is indented by the Enter key's auto-indent.
 */
export default function CodeEditor({ value, onChange, language, labelledBy, describedBy, errorLine, invalid, height }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const extensions: Extension[] = [
      lineNumbers(),
      highlightActiveLineGutter(),
      history(),
      drawSelection(),
      indentOnInput(),
      bracketMatching(),
      highlightActiveLine(),
      syntaxHighlighting(highlightStyle),
      keymap.of([...defaultKeymap, ...historyKeymap]),
      languages[language],
      errorLineField,
      surface(height),
      // A tab stop of its own: the scroller around it then has focusable content (axe's scrollable-region-focusable).
      EditorView.contentAttributes.of({ tabindex: '0', 'aria-labelledby': labelledBy, ...(describedBy ? { 'aria-describedby': describedBy } : {}), dir: 'ltr' }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) changed.current(update.state.doc.toString());
      }),
    ];
    const editor = new EditorView({ parent: host.current!, state: EditorState.create({ doc: value, extensions }) });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is made once; later values reach it through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, labelledBy, describedBy, height]);

  // A value set from outside (restore the template, reset a sample) replaces the text.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: setErrorLine.of(errorLine) });
  }, [errorLine]);

  return <Box ref={host} className={classes.frame} dir="ltr" data-invalid={invalid || undefined} />;
}
