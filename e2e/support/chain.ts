import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './server';

export interface TDevChain {
  /** The settings `npm run chain:dev` printed (CHAIN_RPC_URL, CHAIN_PRIVATE_KEY, ...). */
  settings: Record<string, string>;
  stop: () => Promise<void>;
}

/** Runs the real `npm run chain:dev` command on a free port and reads the settings it prints. */
export async function startDevChain(port: number): Promise<TDevChain> {
  const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
  const child: ChildProcess = spawn(tsx, ['apps/server/src/cli/chain-dev.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, CHAIN_DEV_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const settings = await new Promise<Record<string, string>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`chain:dev did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('Press Ctrl-C')) return;
      clearTimeout(timer);
      const found: Record<string, string> = {};
      for (const match of output.matchAll(/^\s+(CHAIN_[A-Z_]+)=(\S+)$/gm)) found[match[1]!] = match[2]!;
      resolve(found);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => reject(new Error(`chain:dev exited with ${code}:\n${output}`)));
  });
  return {
    settings,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
