import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { loadAppRoutes } from './app/router';
import { BrowserRouter } from './shared/router/BrowserRouter';
import './app/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const routes = await loadAppRoutes();
const app = (
  <StrictMode>
    <AppProviders>
      <BrowserRouter routes={routes} />
    </AppProviders>
  </StrictMode>
);
// The build prerenders the static pages (scripts/prerender.mjs); every other path gets the empty shell.
// In a transition, React hydrates in short slices, leaving the main thread free between them.
startTransition(() => {
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
