// Finds Chromium for the browser tests: CHROMIUM_PATH, then /usr/bin/chromium; when neither exists and
// this machine can (root with apt-get), installs Debian's chromium package. Never downloads a browser build.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(wanted)) return wanted;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canApt) {
    console.error(
      `Chromium not found at ${wanted}. Install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log(`Chromium not found at ${wanted}: installing Debian's chromium package`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'],
  ]) {
    const res = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (res.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed`);
      process.exit(1);
    }
  }
  if (!existsSync('/usr/bin/chromium')) {
    console.error('apt-get finished but /usr/bin/chromium is still missing');
    process.exit(1);
  }
  return '/usr/bin/chromium';
}
