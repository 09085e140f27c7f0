import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

const icon = path.resolve(import.meta.dirname, 'public/favicon.svg');

/** The console's icon inside its page (a data URL), so that no load waits for or spends a request on it. */
export function inlineIcon(): Plugin {
  return {
    name: 'gatehouse-inline-icon',
    apply: 'build',
    async transformIndexHtml(html) {
      const svg = await readFile(icon, 'utf8');
      return html.replace(/href="\/console\/favicon\.svg"/, `href="data:image/svg+xml,${encodeURIComponent(svg.trim())}"`);
    },
  };
}
