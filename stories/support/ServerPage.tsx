import { useLayoutEffect, useRef } from 'react';

export type ServerPageTheme = 'light' | 'dark';

/**
 * The page's CSS for a shadow root in one theme: `:root` and `body` become the page's root and body boxes there, and the
 * dark scheme's media queries hold in the dark theme only, as a browser in that mode would read them.
 */
const scopedCss = (css: string, theme: ServerPageTheme) =>
  css
    .replaceAll(':root', '.page-root')
    .replaceAll(/(^|[\s}])body\s*\{/g, '$1.page-body {')
    .replaceAll('color-scheme: light dark', `color-scheme: ${theme}`)
    .replaceAll('@media (prefers-color-scheme: dark)', theme === 'dark' ? '@media all' : '@media not all');

/** A whole server-rendered page as the content of a shadow root: its styles, its body, its language and direction. */
const shadowContent = (page: string, theme: ServerPageTheme) => {
  const parsed = new DOMParser().parseFromString(page, 'text/html');
  const css = [...parsed.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
  const root = document.createElement('div');
  root.className = 'page-root';
  root.lang = parsed.documentElement.lang;
  if (parsed.documentElement.dir) root.dir = parsed.documentElement.dir;
  const style = document.createElement('style');
  style.textContent = scopedCss(css, theme);
  const body = document.createElement('div');
  body.className = 'page-body';
  body.append(...parsed.body.childNodes);
  root.append(style, body);
  return root;
};

export type ServerPageProps = {
  /** The page's HTML as the server sends it. */
  html: string;
  theme: ServerPageTheme;
  /** A form the page posts: its action and fields, instead of leaving the story. */
  onSubmit: (action: string, fields: Record<string, string>) => void;
};

/**
 * A page the server renders (plain HTML and CSS, no script), shown in a story: in an open shadow root, so its CSS
 * applies to it alone and axe reads it. Plays query it through `shadowRootOf`.
 */
export function ServerPage({ html, theme, onSubmit }: ServerPageProps) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    shadow.replaceChildren(shadowContent(html, theme));
    const submitted = (event: Event) => {
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
      const data = new FormData(form, submitter);
      onSubmit(form.getAttribute('action') ?? '', Object.fromEntries([...data].map(([key, value]) => [key, String(value)])));
    };
    shadow.addEventListener('submit', submitted);
    return () => shadow.removeEventListener('submit', submitted);
  }, [html, theme, onSubmit]);
  return <div ref={host} data-testid="server-page" />;
}

/** The shadow root of the story's server page, for testing-library's `within`. */
export const shadowRootOf = (canvasElement: HTMLElement) => {
  const shadow = canvasElement.querySelector('[data-testid="server-page"]')?.shadowRoot;
  if (!shadow) throw new Error('The story shows no server page.');
  return shadow as unknown as HTMLElement;
};
