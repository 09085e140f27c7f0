import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { mantineComponentStyles } from '../../vite.mantine-styles.ts';

const root = join(process.cwd(), 'node_modules/@mantine/core');
const plugin = mantineComponentStyles();
const transform = (id: string) => {
  const hook = plugin.transform as (this: { error: (message: string) => never }, code: string, id: string) => { code: string } | undefined;
  return hook.call({ error: (message) => { throw new Error(message); } }, 'export default {};', id);
};

test("a component's class-name module brings its stylesheet, whether under components/ or utils/", () => {
  expect(transform(join(root, 'esm/components/Button/Button.module.mjs'))?.code).toContain("import '@mantine/core/styles/Button.css';");
  expect(transform(join(root, 'esm/utils/InlineInput/InlineInput.module.mjs'))?.code).toContain("import '@mantine/core/styles/InlineInput.css';");
  expect(transform(join(root, 'esm/components/Button/Button.mjs'))).toBeUndefined();
  expect(transform('/work/src/ui/Logo.module.mjs')).toBeUndefined();
});

test('every class-name module of the installed Mantine has its stylesheet', () => {
  const modules = readdirSync(join(root, 'esm'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.module.mjs'));
  expect(modules.length).toBeGreaterThan(50);
  for (const file of modules) expect(() => transform(join(root, 'esm', file))).not.toThrow();
});
