import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { bootstrapConsole } from './app/bootstrap.ts';
import { preloadMatchedRouteCode } from './app/router.ts';
import { readRuntimeConfig } from './config.ts';
import { activateLocale } from './i18n/activate.ts';
import { detectLocale } from './i18n/language.ts';

const locale = detectLocale();
const app = bootstrapConsole(readRuntimeConfig(), locale);
const activated = activateLocale(locale);
// The session (its tokens, then the tenants) starts beside the catalog and the page's code: none waits for another.
app.session.start();
preloadMatchedRouteCode(app.router);
await activated;
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App app={app} />
  </StrictMode>,
);
