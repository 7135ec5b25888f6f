import { fileURLToPath } from 'node:url';
import path from 'node:path';

/**
 * apps/server, whether this runs from src/ (tsx, tests) or from the bundle in dist/: both sit one level
 * below it, and the bundle inlines this module into dist/main.js.
 */
export const SERVER_ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
export const WEB_DIST_DIR = path.resolve(SERVER_ROOT, '..', 'web', 'dist');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '..', '..');
