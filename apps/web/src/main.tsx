import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
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
if (container) {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
}
