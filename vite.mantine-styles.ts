import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const classNamesModule = /^(.*[\\/]@mantine[\\/]core)[\\/]esm[\\/].+[\\/](\w+)\.module\.mjs$/;

/**
 * Each Mantine component ships its class names in `X.module.mjs` and its rules in `@mantine/core/styles/X.css`. This
 * makes the first import the second, so every chunk carries the stylesheets of exactly the components it uses, and a
 * component's own rules come after those of the components it is built on (Button after UnstyledButton), as in
 * Mantine's own order. For builds only: in development the dependencies are pre-bundled, and the whole stylesheet is
 * loaded instead (see .storybook/preview.tsx).
 */
export function mantineComponentStyles(): Plugin {
  return {
    name: 'gatehouse-mantine-component-styles',
    apply: 'build',
    transform(code, id) {
      const [, packageRoot, name] = classNamesModule.exec(id) ?? [];
      if (!packageRoot || !name) return undefined;
      if (!existsSync(join(packageRoot, 'styles', `${name}.css`))) this.error(`no stylesheet for Mantine's ${name}`);
      return { code: `${code}\nimport '@mantine/core/styles/${name}.css';\n`, map: null };
    },
  };
}
