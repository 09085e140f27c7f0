// @vitest-environment node
import { relative } from 'node:path';
import { build, type Rollup } from 'vite';
import { beforeAll, expect, test } from 'vitest';

// The console as `npm run build` makes it, in memory: which modules each chunk holds, and what each chunk imports.
let chunks: Rollup.OutputChunk[] = [];
beforeAll(async () => {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const output = (await build({ mode: 'production', logLevel: 'silent', build: { write: false } })) as Rollup.RollupOutput;
    chunks = output.output.filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 120_000);

const modulesOf = (chunk: Rollup.OutputChunk) => Object.keys(chunk.modules).map((id) => relative(process.cwd(), id).replaceAll('\\', '/'));
const chunkNamed = (name: string) => chunks.find((chunk) => chunk.name === name)!;
/** A chunk and every chunk it imports statically: what the browser fetches before it runs. */
const withStaticImports = (chunk: Rollup.OutputChunk): Rollup.OutputChunk[] => {
  const seen = new Map([[chunk.fileName, chunk]]);
  for (const current of seen.values()) {
    for (const file of current.imports) if (!seen.has(file)) seen.set(file, chunks.find((item) => item.fileName === file)!);
  }
  return [...seen.values()];
};

test("the first screen holds no management API calls, guards, or guides: they load with their entity's pages", () => {
  const shell = modulesOf(chunkNamed('shell'));
  expect(shell).toContain('src/api/client.ts');
  expect(shell.filter((id) => /^src\/api\/management\/|^src\/pages\/[\w-]+\/guides\.ts$|^schemas\/(application|role|resource)\.ts$/.test(id))).toEqual([]);
});

test("through a package's index, the first screen takes only the names it imports, also when the index opens with a directive", () => {
  const shell = modulesOf(chunkNamed('shell'));
  expect(shell).toContain('node_modules/@tanstack/react-router/dist/esm/link.js');
  // "use client" opens the router's index; the unsaved-changes guard of the detail pages is the only user of useBlocker.
  expect(shell).not.toContain('node_modules/@tanstack/react-router/dist/esm/useBlocker.js');
});

test('the API resources list loads no popover code (tooltips and menus wait for the first interaction)', () => {
  const page = chunks.find((chunk) => modulesOf(chunk).includes('src/pages/api-resources/ApiResourcesPage.tsx'))!;
  const modules = withStaticImports(page).flatMap(modulesOf);
  expect(modules).toContain('src/ui/detail/CopyableId.tsx');
  expect(modules.filter((id) => id.includes('@floating-ui'))).toEqual([]);
});
