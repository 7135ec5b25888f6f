import { registerPrune } from '../platform/housekeeping.ts';
import { authPrunes } from './auth/prune.ts';
import { evidenceUploadPrune } from './evidence-task/prune.ts';

/*
 * What each module prunes (platform/housekeeping.ts knows none of their tables). Gateway nonces and rate
 * counters are pruned as they are written (gateway-key/verify.ts); they need nothing here.
 */
for (const prune of authPrunes) registerPrune(prune);
registerPrune(evidenceUploadPrune);
