import { useMemo, useState } from 'react';
import { Empty, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TEvidenceProjectChoice, TPackageType } from '@tracehub/contract';
import { useLang } from '../../i18n';
import { AppDialog } from '../../shared/AppDialog';
import { PackageTypeRadio } from './labels';
import { useBatchCreate, useProjects, useVinLimit } from './useCreateFlow';

type TProduct = TEvidenceProjectChoice['products'][number];

/**
 * Spec 2.4 "batch by list": the products of a project, ticked in a list, one task each (one request, all or
 * none); products that already have a task of the same conditions are reported instead of created twice.
 */
export function BatchByListDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: (created?: boolean) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const projects = useProjects(open);
  const limit = useVinLimit(open);
  const [project, setProject] = useState<string | undefined>();
  const [taskType, setTaskType] = useState<TPackageType>(1);
  const create = useBatchCreate(onClose);
  const [selected, setSelected] = useState<string[]>([]);
  const chosen = project ?? projects.data?.[0]?.projectNumber;
  const rows = useMemo(
    () => projects.data?.find((p) => p.projectNumber === chosen)?.products ?? [],
    [projects.data, chosen],
  );

  return (
    <AppDialog
      open={open}
      title={t('evidenceTask.batch.title')}
      onCancel={() => onClose()}
      onConfirm={() =>
        void create(selected.map((productCode) => ({ taskType, productCode, projectNumber: chosen })))
      }
      loading={projects.isPending}
      width={760}
      testId="evidence-batch-dialog"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {t('evidenceTask.batch.hint', { limit: limit ?? '' })}
        </Typography.Text>
        <Space wrap>
          <Select
            style={{ minWidth: 260 }}
            data-testid="evidence-batch-project"
            value={chosen}
            placeholder={t('evidenceTask.create.projectPlaceholder')}
            onChange={(v: string) => {
              setProject(v);
              setSelected([]);
            }}
            options={(projects.data ?? []).map((p) => ({ value: p.projectNumber, label: p.projectNumber }))}
          />
          <PackageTypeRadio value={taskType} onChange={setTaskType} />
          <Typography.Text>{t('evidenceTask.batch.selected', { count: selected.length })}</Typography.Text>
        </Space>
        <Table<TProduct>
          size="small"
          rowKey="productCode"
          data-testid="evidence-batch-products"
          pagination={false}
          scroll={{ y: 320 }}
          dataSource={rows}
          locale={{ emptyText: <Empty description={t('evidenceTask.batch.noProducts')} /> }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys as string[]),
            getCheckboxProps: (r) => ({ disabled: r.vinCount === 0 }),
          }}
          columns={[
            {
              key: 'code',
              title: t('evidenceTask.fields.productCode'),
              dataIndex: 'productCode',
              width: 160,
            },
            {
              key: 'name',
              title: t('evidenceTask.create.product'),
              render: (_v, r) => (lang === 'en' && r.productNameEn ? r.productNameEn : r.productName),
            },
            { key: 'vins', title: t('evidenceTask.fields.vinCount'), dataIndex: 'vinCount', width: 110 },
          ]}
        />
      </Space>
    </AppDialog>
  );
}
