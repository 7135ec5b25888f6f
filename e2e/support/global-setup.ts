import { rmSync } from 'node:fs';
import { TEMPLATE_ROOT } from './server';

/**
 * The prepared data directories (support/server.ts) belong to one run: a run starts without any (an
 * interrupted earlier run may have left some) and removes its own at the end.
 */
export default function setup(): () => void {
  rmSync(TEMPLATE_ROOT, { recursive: true, force: true });
  return () => rmSync(TEMPLATE_ROOT, { recursive: true, force: true });
}
