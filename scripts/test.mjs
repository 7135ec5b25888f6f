#!/usr/bin/env node
// `npm test`: every gate in order — typecheck, lint and format, unit/integration tests (PGlite, then
// PostgreSQL when DATABASE_URL is set), production build, browser end-to-end tests in real Chromium.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';

const steps = [];
const run = (title, cmd, args, env = {}) => {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env }, shell: false });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  steps.push({ title, ok: res.status === 0, seconds });
  if (res.status !== 0) {
    summary();
    console.error(`\n✖ ${title} failed`);
    process.exit(res.status ?? 1);
  }
};
const summary = () => {
  console.log('\nSummary');
  for (const s of steps) console.log(`  ${s.ok ? '✔' : '✖'} ${s.title.padEnd(48)} ${s.seconds}s`);
};

const npx = 'npx';
run('typecheck (tsc --noEmit, every package)', 'npm', ['run', 'typecheck', '--silent']);
run('lint (eslint, no warnings)', npx, ['eslint', '.', '--max-warnings', '0']);
run('format (prettier --check)', npx, ['prettier', '--check', '.', '--log-level', 'warn']);

// The embedded database always; a real PostgreSQL too when one is configured.
const { DATABASE_URL, ...withoutPg } = process.env;
run('unit and integration tests (PGlite)', npx, ['vitest', 'run'], { ...withoutPg, DATABASE_URL: '' });
if (DATABASE_URL) {
  run('server integration tests (PostgreSQL)', npx, ['vitest', 'run', '--project', 'server'], {
    DATABASE_URL,
  });
}

run('build (web and server)', 'npm', ['run', 'build', '--silent']);
const chromium = ensureChromium();
run('browser end-to-end tests (Chromium)', npx, ['vitest', 'run', '--config', 'e2e/vitest.config.ts'], {
  CHROMIUM_PATH: chromium,
  DATABASE_URL: '',
});
summary();
