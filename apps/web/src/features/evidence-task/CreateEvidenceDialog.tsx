import { useMemo, useState } from 'react';
import { AutoComplete, Form, Input, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, type TEvidenceConditionsInput, type TPackageScopeKind } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { AppDialog } from '../../shared/AppDialog';
import { partnerTypesText } from './ByCompanyDialog';
import { PackageTypeRadio } from './labels';
import { useCreateFlow, usePartners, useProjects, useVinLimit } from './useCreateFlow';

interface TValues {
  taskType: 1 | 2;
  kind: TPackageScopeKind;
  projectNumber?: string;
  productCode?: string;
  productBatchNo?: string;
  vinSn?: string;
  materialsCode?: string;
  enterpriseUuid?: string;
  withheldFields?: string[];
}

const KINDS: readonly TPackageScopeKind[] = ['vin', 'product', 'batch', 'material', 'project', 'enterprise'];

/** The field each kind of scope needs (the server's scopeOfConditions reads the same). */
const KEY_FIELD: Record<TPackageScopeKind, keyof TValues> = {
  vin: 'vinSn',
  product: 'productCode',
  batch: 'productBatchNo',
  material: 'materialsCode',
  project: 'projectNumber',
  enterprise: 'enterpriseUuid',
};

/** Type 2 choices offered for withholding (any other field name can be typed). */
const WITHHELD_SUGGESTIONS = ['amount', 'unitPrice', 'currency', 'quantity', 'partnerName', 'notes'];

/** Spec 2.4 "Evidence task creation: single": one task of one scope, after the existing-task check. */
export function CreateEvidenceDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: (created?: boolean) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<TValues>();
  const [busy, setBusy] = useState(false);
  const kind = Form.useWatch('kind', form) ?? 'vin';
  const taskType = Form.useWatch('taskType', form) ?? 1;
  const projectNumber = Form.useWatch('projectNumber', form);
  const productCode = Form.useWatch('productCode', form);
  const limit = useVinLimit(open);
  const projects = useProjects(open);
  const partners = usePartners(open && kind === 'enterprise');
  const products = useMemo(
    () =>
      (projects.data ?? [])
        .filter((p) => !projectNumber || p.projectNumber === projectNumber)
        .flatMap((p) => p.products),
    [projects.data, projectNumber],
  );
  const batches = products.find((p) => p.productCode === productCode)?.batches ?? [];
  const flow = useCreateFlow(onClose);
  const needs = (field: keyof TValues) =>
    KEY_FIELD[kind] === field || (kind === 'batch' && field === 'productCode');
  const rule = (field: keyof TValues, label: string) => ({
    required: needs(field),
    whitespace: true,
    message: t('evidenceTask.create.required', { field: label }),
  });

  const submit = async () => {
    const v = await form.validateFields();
    const conditions: TEvidenceConditionsInput = {
      taskType: v.taskType,
      ...(v.projectNumber ? { projectNumber: v.projectNumber } : {}),
      ...(needs('productCode') && v.productCode ? { productCode: v.productCode } : {}),
      ...(kind === 'batch' && v.productBatchNo ? { productBatchNo: v.productBatchNo.trim() } : {}),
      ...(kind === 'vin' && v.vinSn ? { vinSn: v.vinSn.trim() } : {}),
      ...(kind === 'material' && v.materialsCode ? { materialsCode: v.materialsCode.trim() } : {}),
      ...(kind === 'enterprise' && v.enterpriseUuid ? { enterpriseUuid: v.enterpriseUuid } : {}),
      withheldFields: v.taskType === 2 ? (v.withheldFields ?? []) : [],
    };
    setBusy(true);
    try {
      await flow(conditions, () => call(api.evidenceTask.createEvidenceTask, conditions));
    } catch {
      // The client told the user why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog
      open={open}
      title={t('evidenceTask.create.title')}
      onCancel={() => onClose()}
      onConfirm={() => void submit()}
      submitting={busy}
      width={640}
      testId="evidence-create-dialog"
    >
      <Form form={form} layout="vertical" initialValues={{ taskType: 1, kind: 'vin' }}>
        <Form.Item
          name="taskType"
          label={t('evidenceTask.fields.taskType')}
          extra={t('evidenceTask.create.typeHint')}
        >
          <PackageTypeRadio testId="evidence-type" />
        </Form.Item>
        <Form.Item name="kind" label={t('evidenceTask.create.scopeKind')}>
          <Radio.Group
            data-testid="evidence-kind"
            optionType="button"
            options={KINDS.map((k) => ({ value: k, label: t(`evidenceTask.create.kinds.${k}`) }))}
          />
        </Form.Item>
        {['project', 'product', 'batch', 'vin'].includes(kind) && (
          <Form.Item
            name="projectNumber"
            label={t('evidenceTask.create.project')}
            rules={[rule('projectNumber', t('evidenceTask.create.project'))]}
          >
            <Select
              allowClear
              showSearch
              data-testid="evidence-project"
              placeholder={t('evidenceTask.create.projectPlaceholder')}
              loading={projects.isPending}
              options={(projects.data ?? []).map((p) => ({
                value: p.projectNumber,
                label: p.notes ? `${p.projectNumber} · ${p.notes}` : p.projectNumber,
              }))}
            />
          </Form.Item>
        )}
        {(kind === 'product' || kind === 'batch') && (
          <Form.Item
            name="productCode"
            label={t('evidenceTask.create.product')}
            rules={[rule('productCode', t('evidenceTask.create.product'))]}
          >
            <Select
              showSearch
              data-testid="evidence-product"
              placeholder={t('evidenceTask.create.productPlaceholder')}
              options={products.map((p) => ({
                value: p.productCode,
                label: `${p.productCode} · ${lang === 'en' && p.productNameEn ? p.productNameEn : p.productName} (${t('evidenceTask.batch.vins', { count: p.vinCount })})`,
              }))}
            />
          </Form.Item>
        )}
        {kind === 'batch' && (
          <Form.Item
            name="productBatchNo"
            label={t('evidenceTask.fields.productBatchNo')}
            rules={[rule('productBatchNo', t('evidenceTask.fields.productBatchNo'))]}
          >
            <AutoComplete
              data-testid="evidence-batch"
              placeholder={t('evidenceTask.create.batchPlaceholder')}
              options={batches.map((b) => ({ value: b }))}
            />
          </Form.Item>
        )}
        {kind === 'vin' && (
          <Form.Item name="vinSn" label="VIN/SN" rules={[rule('vinSn', 'VIN/SN')]}>
            <Input
              maxLength={100}
              data-testid="evidence-vin"
              placeholder={t('evidenceTask.create.vinPlaceholder')}
            />
          </Form.Item>
        )}
        {kind === 'material' && (
          <Form.Item
            name="materialsCode"
            label={t('evidenceTask.fields.materialsCode')}
            rules={[rule('materialsCode', t('evidenceTask.fields.materialsCode'))]}
          >
            <Input
              maxLength={100}
              data-testid="evidence-material"
              placeholder={t('evidenceTask.create.materialPlaceholder')}
            />
          </Form.Item>
        )}
        {kind === 'enterprise' && (
          <Form.Item
            name="enterpriseUuid"
            label={t('evidenceTask.fields.enterprise')}
            rules={[rule('enterpriseUuid', t('evidenceTask.fields.enterprise'))]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              data-testid="evidence-enterprise"
              placeholder={t('evidenceTask.create.enterprisePlaceholder')}
              loading={partners.isPending}
              options={(partners.data ?? []).map((p) => ({
                value: p.enterpriseUuid,
                label: `${p.code} · ${lang === 'en' && p.nameEn ? p.nameEn : p.name} (${partnerTypesText(p, t)})`,
              }))}
            />
          </Form.Item>
        )}
        {taskType === 2 && (
          <Form.Item
            name="withheldFields"
            label={t('evidenceTask.fields.withheldFields')}
            extra={t('evidenceTask.create.withheldHint')}
          >
            <Select
              mode="tags"
              data-testid="evidence-withheld"
              placeholder={t('evidenceTask.create.withheldPlaceholder')}
              options={WITHHELD_SUGGESTIONS.map((f) => ({ value: f }))}
            />
          </Form.Item>
        )}
        {limit !== null && (
          <Typography.Text type="secondary">{t('evidenceTask.create.limit', { limit })}</Typography.Text>
        )}
      </Form>
    </AppDialog>
  );
}
