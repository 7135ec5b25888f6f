// Finds Chromium for the browser tests: CHROMIUM_PATH, then /usr/bin/chromium; when neither exists and
// this machine can (root with apt-get), installs Debian's chromium package. Never downloads a browser build.
// Chinese screens need a CJK font: without one, zh screenshots show empty boxes, so it is installed too.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const canApt = () => process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');

function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...packages],
  ]) {
    const res = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (res.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed`);
      process.exit(1);
    }
  }
}

/** Whether fontconfig knows a font that covers Chinese. */
function hasCjkFont() {
  const res = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
  return res.status === 0 && res.stdout.trim() !== '';
}

export function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(wanted)) {
    if (!hasCjkFont() && canApt()) {
      console.log("No CJK font found: installing Debian's fonts-noto-cjk for the Chinese screens");
      aptInstall(['fonts-noto-cjk']);
    }
    return wanted;
  }
  if (!canApt()) {
    console.error(
      `Chromium not found at ${wanted}. Install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log(`Chromium not found at ${wanted}: installing Debian's chromium package`);
  aptInstall(['chromium', 'fonts-noto-cjk']);
  if (!existsSync('/usr/bin/chromium')) {
    console.error('apt-get finished but /usr/bin/chromium is still missing');
    process.exit(1);
  }
  return '/usr/bin/chromium';
}
