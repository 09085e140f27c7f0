import { Hono } from 'hono';
import { every } from 'hono/combine';
import { html, raw } from 'hono/html';
import type { OpenAPIV3_1 } from 'openapi-types';
import { createNonce, pageSecurityHeaders } from '../pages/layout.ts';
import { apiDocument, apiTags, describing, securedBy } from './openapi.ts';
import { routerOf } from './route.ts';

type Operation = OpenAPIV3_1.OperationObject;

const styles = `
:root { color-scheme: light dark; --border: #8c8c99; }
body { margin: 0 auto; max-width: 60rem; padding: 1rem; font: 16px/1.5 system-ui, sans-serif; background: Canvas; color: CanvasText; }
article { border-top: 1px solid var(--border); padding: .5rem 0; }
h3 { font-size: 1rem; margin: .5rem 0; }
p { margin: .25rem 0; }
pre { overflow-x: auto; padding: .5rem; border: 1px solid var(--border); border-radius: 6px; font-size: .875rem; }
a:focus-visible, summary:focus-visible { outline: 3px solid #5d34f2; outline-offset: 2px; }
`;

const schemaBlock = (label: string, value: unknown, note = '') =>
  html`<details>
    <summary><code>${label}</code> ${note}</summary>
    <pre>${JSON.stringify(value, null, 2)}</pre>
  </details>`;

const operationView = (method: string, path: string, operation: Operation) => {
  const security = (operation.security ?? []).flatMap((requirement) =>
    Object.entries(requirement).map(([scheme, scopes]) => [scheme, ...scopes].join(' ')),
  );
  const body = operation.requestBody && 'content' in operation.requestBody ? operation.requestBody.content : undefined;
  return html`<article>
    <h3><code>${method.toUpperCase()}</code> <code>${path}</code></h3>
    <p>${operation.summary}</p>
    ${security.map((line) => html`<p><code>security: ${line}</code></p>`)} ${body ? schemaBlock('requestBody', body) : ''}
    ${Object.entries(operation.responses ?? {}).map(([status, response]) => schemaBlock(status, response, (response as OpenAPIV3_1.ResponseObject).description))}
  </article>`;
};

/** The reference page: the document's operations grouped by API, each with its security, body and responses. */
const referencePage = (document: OpenAPIV3_1.Document, nonce: string) => {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item ?? {}).map(([method, operation]) => ({ method, path, operation: operation as Operation })),
  );
  const sections = Object.values(apiTags).map((tag, index) => {
    const inTag = operations.filter(({ operation }) => operation.tags?.includes(tag));
    return inTag.length === 0
      ? ''
      : html`<section aria-labelledby="api-${index}">
          <h2 id="api-${index}">${tag}</h2>
          ${inTag.map(({ method, path, operation }) => operationView(method, path, operation))}
        </section>`;
  });
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${document.info.title}</title>
        <style nonce="${nonce}">
          ${raw(styles)}
        </style>
      </head>
      <body>
        <main>
          <h1>${document.info.title} ${document.info.version}</h1>
          <p>${document.info.description} <a href="openapi.json">openapi.json</a></p>
          ${sections}
          <section aria-labelledby="components">
            <h2 id="components"><code>components.schemas</code></h2>
            ${Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => schemaBlock(name, schema))}
          </section>
        </main>
      </body>
    </html>`;
};

/** GET /api/openapi.json and its reference page, /api/reference, describing every described route of `app`. */
export const apiReferenceRoutes = (app: { routes: unknown[] }) => {
  const documentApp = new Hono();
  const routes = routerOf(documentApp, (_public: null) => describing(every(), securedBy('document')));
  let document: Promise<OpenAPIV3_1.Document> | undefined;
  // The routes are all registered before the first request; the document is made once, then.
  const documentOf = () => (document ??= apiDocument(app) as Promise<OpenAPIV3_1.Document>);

  routes.get('/openapi.json', { scope: null, summary: 'The OpenAPI 3.1 document of the cloud, Me and management APIs.', status: 200 }, async (c) =>
    c.json(await documentOf()),
  );

  routes.get('/reference', { scope: null, summary: 'The reference page of this document.', status: 200 }, async (c) => {
    const nonce = createNonce();
    return c.html(referencePage(await documentOf(), nonce), 200, pageSecurityHeaders(nonce));
  });

  return documentApp;
};
