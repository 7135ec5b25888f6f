import { Alert, Form, Input, Select } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  COMPANY_TASK_ACTION_LABELS,
  COMPANY_TASK_COMMENT_MAX,
  COMPANY_TASK_RESULTS,
  COMPANY_TASK_RESULT_LABELS,
  COMPANY_TASK_TRANSITIONS,
  api,
  errorMessage,
  type TCompanyTaskAction,
  type TCompanyTaskResult,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { AppDialog } from '../../shared/AppDialog';
import { feedback } from '../../shared/feedback';
import { checkingKeys } from './queries';

const ENDPOINTS = {
  troubleshoot: api.checking.companyTaskTroubleshoot,
  process: api.checking.companyTaskProcess,
  resolve: api.checking.companyTaskResolve,
  reject: api.checking.companyTaskReject,
  close: api.checking.companyTaskClose,
} as const;

interface TValues {
  result?: TCompanyTaskResult;
  comment?: string;
}

/**
 * One transition of a company task: a result select where the action needs one (resolve, close), the
 * reason (reject, required) or an optional comment, at most 500 characters; the rules' sentences are the
 * server's own (errors.ts), so the dialog and the API refuse in the same words.
 */
export function CompanyTaskDialog({
  taskId,
  action,
  onClose,
}: {
  taskId: number;
  action: TCompanyTaskAction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<TValues>();
  const client = useQueryClient();
  const submit = useMutation({
    mutationFn: (values: TValues) =>
      call(ENDPOINTS[action!], {
        id: taskId,
        ...(values.result ? { result: values.result } : {}),
        ...(values.comment?.trim() ? { comment: values.comment.trim() } : {}),
      }),
    onSuccess: async () => {
      feedback.message.success(t('checking.company.dialog.done'));
      await client.invalidateQueries({ queryKey: checkingKeys.all });
      onClose();
    },
  });
  const needs = action ? COMPANY_TASK_TRANSITIONS[action].needs : 'nothing';
  const commentLabel = t(
    needs === 'reason' ? 'checking.company.fields.reason' : 'checking.company.fields.comment',
  );
  return (
    <AppDialog
      open={action !== null}
      title={
        action
          ? t('checking.company.dialog.title', {
              action: COMPANY_TASK_ACTION_LABELS[action][lang],
              id: taskId,
            })
          : ''
      }
      testId="company-task-dialog"
      submitting={submit.isPending}
      onCancel={onClose}
      onConfirm={() =>
        // A refused form shows its messages at the fields: nothing more to do with the rejection.
        void form.validateFields().then(
          (values) => submit.mutate(values),
          () => undefined,
        )
      }
    >
      <Form<TValues> form={form} layout="vertical" name="company-task" preserve={false}>
        {action === 'resolve' && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('checking.company.dialog.hint')}
          />
        )}
        {needs === 'result' && (
          <Form.Item
            name="result"
            label={t('checking.company.fields.result')}
            rules={[{ required: true, message: errorMessage('COMPANY_TASK_RESULT_REQUIRED', lang) }]}
          >
            <Select<TCompanyTaskResult>
              options={COMPANY_TASK_RESULTS.map((r) => ({
                value: r,
                label: COMPANY_TASK_RESULT_LABELS[r][lang],
              }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="comment"
          label={commentLabel}
          rules={[
            ...(needs === 'reason'
              ? [
                  {
                    required: true,
                    whitespace: true,
                    message: errorMessage('COMPANY_TASK_REASON_REQUIRED', lang),
                  },
                ]
              : []),
            {
              validator: async (_rule, value: string | undefined) => {
                if ([...(value?.trim() ?? '')].length > COMPANY_TASK_COMMENT_MAX)
                  throw new Error(
                    errorMessage('COMPANY_TASK_COMMENT_TOO_LONG', lang, { max: COMPANY_TASK_COMMENT_MAX }),
                  );
              },
            },
          ]}
        >
          <Input.TextArea data-testid="company-task-comment" rows={4} showCount />
        </Form.Item>
      </Form>
    </AppDialog>
  );
}
