import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadLang, storedLang } from './i18n';
import './app/global.css';
import { AppProviders } from './app/AppProviders';
import { AppRouter } from './app/AppRouter';
import { reloadForNewChunks } from './app/lazyPage';
import { isApiError } from './api/errors';

// A preloaded chunk of an older build is gone: reload to get the current one (spec 8).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForNewChunks()) event.preventDefault();
});

// Failed calls were already reported to the user by the API client; do not log them again as unhandled.
window.addEventListener('unhandledrejection', (event) => {
  if (isApiError(event.reason)) event.preventDefault();
});

const container = document.getElementById('root');
// The first render waits for the chosen language's texts (a chunk of its own unless it is the default). Not
// a top-level await: lazy chunks import from this entry, which must finish evaluating first.
if (container) {
  void loadLang(storedLang())
    .catch(() => undefined)
    .then(() =>
      createRoot(container).render(
        <StrictMode>
          <AppProviders>
            <AppRouter />
          </AppProviders>
        </StrictMode>,
      ),
    );
}
