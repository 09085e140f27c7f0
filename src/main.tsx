import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { bootstrapConsole } from './app/bootstrap.ts';
import { preloadMatchedRouteCode } from './app/router.ts';
import { readRuntimeConfig } from './config.ts';
import { activateLocale } from './i18n/activate.ts';
import { detectLocale } from './i18n/language.ts';

const app = bootstrapConsole(readRuntimeConfig());
const activated = activateLocale(detectLocale());
// Once the catalog is asked for: the session waits for it, a page's code only for the session, and a browser opens
// few connections to a host at once, so a page's dozen files asked for first would hold the catalog up.
setTimeout(() => preloadMatchedRouteCode(app.router));
await activated;
app.session.start();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App app={app} />
  </StrictMode>,
);
