import { LIMITS } from '@tracehub/contract';

/** Scrolls the page to the top over the spec's 800 ms with an ease-in-out curve. */
export function scrollToTop(durationMs: number = LIMITS.paginationScrollMs): void {
  const start = window.scrollY;
  if (start <= 0) return;
  const startedAt = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - startedAt) / durationMs);
    const eased = progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
    window.scrollTo(0, start * (1 - eased));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
