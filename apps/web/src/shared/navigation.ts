import type { NavigateFunction } from 'react-router';

// Lets non-React code (the API client, session actions) navigate inside the single-page app. Until the
// router is mounted it falls back to a full page load.
let navigateFn: NavigateFunction | null = null;

export function bindNavigate(fn: NavigateFunction | null): void {
  navigateFn = fn;
}

export function navigateTo(path: string, options?: { replace?: boolean }): void {
  if (navigateFn) void navigateFn(path, options);
  else window.location.assign(path);
}
