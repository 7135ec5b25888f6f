import type { TEvidenceBatchResult } from '@tracehub/contract';
import { i18n } from '../../i18n';
import { feedback } from '../../shared/feedback';

/** Tells what a batch creation did: the tasks created, and the items that had a task already. */
export function reportBatch(result: TEvidenceBatchResult): void {
  if (result.created.length)
    feedback.message.success(i18n.t('evidenceTask.done.createdBatch', { created: result.created.length }));
  if (result.existing.length)
    feedback.message.info(i18n.t('evidenceTask.done.existingInBatch', { count: result.existing.length }));
}
