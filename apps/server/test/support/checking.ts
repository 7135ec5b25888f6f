import type { TCheckPackage } from '@tracehub/contract';
import { runJobsUntilIdle } from '../../src/platform/jobs/worker.ts';
import { call, type TestApp } from './app.ts';
import { expectOk } from './helpers.ts';

/**
 * An internal troubleshooting task of these VINs with the standard package's every check, created as `token`
 * and run to its end (the job runner until idle); answers the task's id.
 */
export async function runStandardCheck(
  t: Pick<TestApp, 'app' | 'runtime'>,
  token: string,
  vins: readonly string[],
): Promise<string> {
  const packages = expectOk(await call<TCheckPackage[]>(t.app, '/dataChecking/packages', { token }));
  const standard = packages.find((p) => p.id === 'standard')!;
  const created = expectOk(
    await call<{ id: string }>(t.app, '/dataChecking/createTask', {
      token,
      body: {
        taskType: 'internal',
        dimension: 'vin',
        vins: [...vins],
        maxAmount: 10,
        packageId: 'standard',
        checkIds: standard.checkIds,
      },
    }),
  );
  await runJobsUntilIdle(t.runtime.deps);
  return created.id;
}
