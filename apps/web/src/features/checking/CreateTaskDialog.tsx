import { useEffect, useMemo } from 'react';
import { Alert, Button, Form, Input, InputNumber, Radio, Select, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  CHECK_DIMENSION_LABELS,
  CHECK_LIMITS,
  CHECK_TASK_TYPE_LABELS,
  CHECK_TIME_BASIS_LABELS,
  api,
  type TCheckTaskCreate,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { AppDialog } from '../../shared/AppDialog';
import { DateRangeInput } from '../../shared/DateRangeInput';
import type { TRange } from '../../shared/dateRange';
import { feedback } from '../../shared/feedback';
import { CheckPicker } from './CheckPicker';
import { checkingKeys } from './queries';
import { readVinList } from './vinList';

interface TValues {
  taskType: 'internal' | 'linked';
  dimension: 'vin' | 'time';
  supplierIds: number[];
  vins: string;
  timeBasis: 'business' | 'import';
  range: TRange;
  maxAmount: number | null;
  packageId: string;
  checkIds: string[];
}

const DAY = 86_400_000;
export const splitVins = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,，;；]+/)
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

/** The create-task dialog (spec 2.4 check-scope settings) with the rules of spec 5 checked before sending. */
export function CreateTaskDialog({ open, onClose }: { open: boolean; onClose: (created?: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<TValues>();
  const client = useQueryClient();
  const taskType = Form.useWatch('taskType', form);
  const dimension = Form.useWatch('dimension', form);
  const packageId = Form.useWatch('packageId', form);
  /** Appends the VINs of an xlsx list to those typed (repeats dropped), and says how many it read. */
  const addVinList = async (file: File) => {
    const result = await readVinList(file);
    const name = file.name;
    if ('error' in result) {
      const key = {
        tooLarge: 'vinFileTooLarge',
        unreadable: 'vinFileUnreadable',
        empty: 'vinFileEmpty',
      } as const;
      feedback.message.error(t(`checking.create.${key[result.error]}`, { name }));
      return;
    }
    const typed = splitVins(form.getFieldValue('vins') ?? '');
    form.setFieldValue('vins', splitVins([...typed, ...result.vins].join('\n')).join('\n'));
    void form.validateFields(['vins']);
    feedback.message.success(t('checking.create.vinFileRead', { count: result.vins.length, name }));
  };
  const packages = useQuery({
    queryKey: checkingKeys.packages(),
    queryFn: () => call(api.checking.packages, {}),
    enabled: open,
  });
  const rules = useQuery({
    queryKey: checkingKeys.rules(packageId ?? ''),
    queryFn: () => call(api.checking.ruleDetail, { packageId }),
    enabled: open && Boolean(packageId),
  });
  const suppliers = useQuery({
    queryKey: checkingKeys.suppliers(),
    queryFn: () => call(api.checking.suppliers, {}),
    enabled: open && taskType === 'linked',
  });
  const chosen = useMemo(() => packages.data?.find((p) => p.id === packageId), [packages.data, packageId]);

  useEffect(() => {
    if (!open || !packages.data?.length || form.getFieldValue('packageId')) return;
    const first = packages.data.find((p) => p.mandatory) ?? packages.data[0]!;
    form.setFieldsValue({ packageId: first.id, checkIds: first.checkIds });
  }, [open, packages.data, form]);

  const create = useMutation({
    mutationFn: (body: TCheckTaskCreate) => call(api.checking.createTask, body),
    onSuccess: async (task) => {
      feedback.message.success(t('checking.create.created'));
      await client.invalidateQueries({ queryKey: checkingKeys.all });
      form.resetFields();
      onClose(task.id);
    },
  });

  const submit = async () => {
    // A refused field shows its message under it; nothing is sent.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const [from, to] = v.range ?? [null, null];
    create.mutate({
      taskType: v.taskType,
      dimension: v.dimension,
      supplierIds: v.taskType === 'linked' ? v.supplierIds : [],
      vins: v.dimension === 'vin' ? splitVins(v.vins ?? '') : [],
      timeBasis: v.timeBasis,
      ...(v.dimension === 'time' && from && to
        ? { from: from.startOf('day').valueOf(), to: to.startOf('day').valueOf() }
        : {}),
      maxAmount: v.maxAmount ?? 0,
      packageId: v.packageId,
      checkIds: v.checkIds,
    });
  };

  return (
    <AppDialog
      open={open}
      title={t('checking.create.title')}
      onCancel={() => onClose()}
      onConfirm={() => void submit()}
      submitting={create.isPending}
      width={720}
      testId="check-create-dialog"
    >
      <Form
        form={form}
        name="check-create"
        layout="vertical"
        initialValues={{
          taskType: 'internal',
          dimension: 'time',
          timeBasis: 'business',
          supplierIds: [],
          vins: '',
          range: [dayjs().subtract(6, 'day'), dayjs()],
          maxAmount: CHECK_LIMITS.maxAmount,
        }}
      >
        <Form.Item name="taskType" label={t('checking.create.taskType')}>
          <Radio.Group
            data-testid="check-task-type"
            options={(['internal', 'linked'] as const).map((k) => ({
              value: k,
              label: CHECK_TASK_TYPE_LABELS[k][lang],
            }))}
          />
        </Form.Item>
        {taskType === 'linked' && (
          <Form.Item
            name="supplierIds"
            label={t('checking.create.suppliers')}
            rules={[{ required: true, type: 'array', min: 1, message: t('checking.rules.company') }]}
          >
            <Select
              mode="multiple"
              loading={suppliers.isPending}
              optionFilterProp="label"
              options={(suppliers.data ?? []).map((s) => ({
                value: s.id,
                label: `${s.code} ${lang === 'en' && s.nameEn ? s.nameEn : s.name}`,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item name="dimension" label={t('checking.create.dimension')}>
          <Radio.Group
            data-testid="check-dimension"
            options={(['time', 'vin'] as const).map((k) => ({
              value: k,
              label: CHECK_DIMENSION_LABELS[k][lang],
            }))}
          />
        </Form.Item>
        {dimension === 'vin' ? (
          <>
            <Form.Item
              name="vins"
              label={t('checking.create.vins')}
              extra={t('checking.create.vinsHint')}
              dependencies={['maxAmount']}
              rules={[
                {
                  validator: (_r, v: string) =>
                    splitVins(v ?? '').length > 0
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('checking.rules.vins'))),
                },
                {
                  validator: (_r, v: string) =>
                    splitVins(v ?? '').length <= (form.getFieldValue('maxAmount') ?? 0)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('checking.rules.tooManyVins'))),
                },
              ]}
            >
              <Input.TextArea rows={3} data-testid="check-vins" />
            </Form.Item>
            <Form.Item>
              <Upload
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                showUploadList={false}
                beforeUpload={(file) => {
                  void addVinList(file);
                  // Read here, never uploaded: the VINs join the text box and travel with the task.
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} data-testid="check-vin-file">
                  {t('checking.create.vinFile')}
                </Button>
              </Upload>
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="timeBasis" label={t('checking.create.timeBasis')}>
              <Radio.Group
                options={(['business', 'import'] as const).map((k) => ({
                  value: k,
                  label: CHECK_TIME_BASIS_LABELS[k][lang],
                }))}
              />
            </Form.Item>
            <Form.Item
              name="range"
              label={t('checking.create.range')}
              rules={[
                {
                  validator: (_r, v: TRange | undefined) => {
                    if (!v?.[0] || !v[1]) return Promise.reject(new Error(t('checking.rules.range')));
                    return v[1].startOf('day').valueOf() - v[0].startOf('day').valueOf() >=
                      CHECK_LIMITS.maxSpanDays * DAY
                      ? Promise.reject(new Error(t('checking.rules.span')))
                      : Promise.resolve();
                  },
                },
              ]}
            >
              <DateRangeInput kind="date" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="maxAmount"
          label={t('checking.create.maxAmount')}
          rules={[
            {
              validator: (_r, v: number | null) =>
                Number.isInteger(v) && v !== null && v >= 1 && v <= CHECK_LIMITS.maxAmount
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('checking.rules.amount'))),
            },
          ]}
        >
          <InputNumber data-testid="check-max-amount" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="packageId" label={t('checking.create.package')}>
          <Select
            data-testid="check-package"
            options={(packages.data ?? []).map((p) => ({
              value: p.id,
              label: `${p.name[lang]} v${p.version}`,
            }))}
            onChange={(id: string) =>
              form.setFieldsValue({ checkIds: packages.data?.find((p) => p.id === id)?.checkIds ?? [] })
            }
          />
        </Form.Item>
        {chosen?.mandatory && (
          <Alert type="info" showIcon message={t('checking.create.mandatory')} style={{ marginBottom: 12 }} />
        )}
        <Form.Item
          name="checkIds"
          label={t('checking.create.checks')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('checking.rules.rule') },
            { type: 'array', max: CHECK_LIMITS.maxChecks, message: t('checking.rules.checks') },
          ]}
        >
          <CheckPicker kinds={rules.data?.kinds ?? []} checks={rules.data?.checks ?? []} lang={lang} />
        </Form.Item>
      </Form>
    </AppDialog>
  );
}
