import { useEffect, useState } from 'react';
import { Empty, Space, Table, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TEvidencePartnerChoice, TPackageType } from '@tracehub/contract';
import { useLang } from '../../i18n';
import { AppDialog } from '../../shared/AppDialog';
import { PackageTypeRadio } from './labels';
import { useBatchCreate, usePartners } from './useCreateFlow';

/**
 * Spec 2.4 "export dialog by company": partners settled on the platform, one task each, packaging the
 * documents exchanged with the partner and their traced chain.
 */
export function ByCompanyDialog({
  open,
  onClose,
  preselectUsci,
}: {
  open: boolean;
  onClose: (created?: boolean) => void;
  /** A partner chosen already (the supply-chain network's company panel), by its USCI. */
  preselectUsci?: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [taskType, setTaskType] = useState<TPackageType>(1);
  const [selected, setSelected] = useState<string[]>([]);
  const partners = usePartners(open);
  const create = useBatchCreate(onClose);
  const preselected = partners.data?.find((p) => preselectUsci && p.usci === preselectUsci)?.enterpriseUuid;
  useEffect(() => {
    if (preselected) setSelected([preselected]);
  }, [preselected]);

  return (
    <AppDialog
      open={open}
      title={t('evidenceTask.company.title')}
      onCancel={() => onClose()}
      onConfirm={() => void create(selected.map((enterpriseUuid) => ({ taskType, enterpriseUuid })))}
      loading={partners.isPending}
      width={720}
      testId="evidence-company-dialog"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('evidenceTask.company.hint')}</Typography.Text>
        <PackageTypeRadio value={taskType} onChange={setTaskType} />
        <Table<TEvidencePartnerChoice>
          size="small"
          rowKey="enterpriseUuid"
          data-testid="evidence-company-partners"
          pagination={false}
          scroll={{ y: 320 }}
          dataSource={partners.data ?? []}
          locale={{ emptyText: <Empty description={t('evidenceTask.company.none')} /> }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
          columns={[
            { key: 'code', title: t('evidenceTask.company.code'), dataIndex: 'code', width: 140 },
            {
              key: 'name',
              title: t('evidenceTask.company.name'),
              render: (_v, r) => (lang === 'en' && r.nameEn ? r.nameEn : r.name),
            },
            {
              key: 'type',
              title: t('evidenceTask.company.type'),
              width: 140,
              render: (_v, r) => partnerTypesText(r, t),
            },
          ]}
        />
      </Space>
    </AppDialog>
  );
}

/** "Supplier", "Client" or both, in the page's language. */
export const partnerTypesText = (r: Pick<TEvidencePartnerChoice, 'partnerTypes'>, t: TFunction) =>
  r.partnerTypes.map((p) => t(`evidenceTask.company.partnerTypes.${p}`)).join(' / ');
