import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  EVIDENCE_TASK_ROUTES,
  api,
  type TEvidenceConditionsInput,
  type TEvidenceTask,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { useConfirm } from '../../shared/confirm';
import { feedback } from '../../shared/feedback';
import { evidenceKeys } from './queries';

/**
 * Spec 4 "Creating: first check for an existing task matching the conditions. If one exists, go to its
 * detail; otherwise the confirmation dialog opens, and on confirm the user goes to the task list." The
 * server refuses a second task of the same conditions as well (B2210), so a race cannot create two.
 */
export function useCreateFlow(onClose: (created?: boolean) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const client = useQueryClient();
  return async (conditions: TEvidenceConditionsInput, create: () => Promise<TEvidenceTask>) => {
    const { taskId } = await call(api.evidenceTask.getTaskIdByConditions, conditions);
    if (taskId) {
      feedback.message.info(t('evidenceTask.done.existing'));
      onClose();
      void navigate(EVIDENCE_TASK_ROUTES.TaskManagementDetail(taskId));
      return;
    }
    const created = await confirm({
      content: t('evidenceTask.confirm.create'),
      onConfirm: async () => {
        await create();
        await client.invalidateQueries({ queryKey: evidenceKeys.all });
      },
    });
    if (!created) return;
    feedback.message.success(t('evidenceTask.done.created'));
    onClose(true);
    void navigate(EVIDENCE_TASK_ROUTES.TaskManagement);
  };
}

/**
 * Spec 2.4 "batch by list" and the export by company: one task per item, after a confirmation, in one
 * request (all or none); items that had a task of the same conditions are reported, not created twice.
 */
export function useBatchCreate(onClose: (created?: boolean) => void) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const client = useQueryClient();
  return async (items: TEvidenceConditionsInput[]) => {
    if (items.length === 0) {
      feedback.message.warning(t('evidenceTask.batch.none'));
      return;
    }
    const done = await confirm({
      content: t('evidenceTask.confirm.createBatch', { count: items.length }),
      onConfirm: async () => {
        const result = await call(api.evidenceTask.batchCreateEvidenceTask, { items });
        if (result.created.length)
          feedback.message.success(t('evidenceTask.done.createdBatch', { created: result.created.length }));
        if (result.existing.length)
          feedback.message.info(t('evidenceTask.done.existingInBatch', { count: result.existing.length }));
        await client.invalidateQueries({ queryKey: evidenceKeys.all });
      },
    });
    if (done) onClose(true);
  };
}

/** The VIN limit of one task (getVinSnDataQuantityLimit), for the dialogs' hints. */
export function useVinLimit(enabled: boolean): number | null {
  const query = useQuery({
    queryKey: evidenceKeys.limit(),
    queryFn: () => call(api.evidenceTask.getVinSnDataQuantityLimit, {}),
    enabled,
    staleTime: 60_000,
  });
  return query.data?.limit ?? null;
}

/** The partners settled on the platform (selectPartnerEnterpriseList). */
export function usePartners(enabled: boolean) {
  return useQuery({
    queryKey: evidenceKeys.partners(),
    queryFn: () => call(api.evidenceTask.selectPartnerEnterpriseList, {}),
    enabled,
  });
}

/** The projects with their products (selectProjectAndProdutList). */
export function useProjects(enabled: boolean) {
  return useQuery({
    queryKey: evidenceKeys.projects(),
    queryFn: () => call(api.evidenceTask.selectProjectAndProdutList, {}),
    enabled,
  });
}
