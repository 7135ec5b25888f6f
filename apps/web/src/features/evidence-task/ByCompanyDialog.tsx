import { useState } from 'react';
import { Empty, Radio, Space, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PACKAGE_TYPE_LABELS, api, type TEvidencePartnerChoice } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { AppDialog } from '../../shared/AppDialog';
import { useConfirm } from '../../shared/confirm';
import { feedback } from '../../shared/feedback';
import { reportBatch } from './batchResult';
import { evidenceKeys } from './queries';

/**
 * Spec 2.4 "export dialog by company": partners settled on the platform, one task each, packaging the
 * documents exchanged with the partner and their traced chain.
 */
export function ByCompanyDialog({ open, onClose }: { open: boolean; onClose: (created?: boolean) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const confirm = useConfirm();
  const client = useQueryClient();
  const [taskType, setTaskType] = useState<1 | 2>(1);
  const [selected, setSelected] = useState<string[]>([]);
  const partners = useQuery({
    queryKey: evidenceKeys.partners(),
    queryFn: () => call(api.evidenceTask.selectPartnerEnterpriseList, {}),
    enabled: open,
  });

  const submit = async () => {
    if (selected.length === 0) {
      feedback.message.warning(t('evidenceTask.batch.none'));
      return;
    }
    const items = selected.map((enterpriseUuid) => ({ taskType, enterpriseUuid }));
    const done = await confirm({
      content: t('evidenceTask.confirm.createBatch', { count: items.length }),
      onConfirm: async () => {
        reportBatch(await call(api.evidenceTask.batchCreateEvidenceTask, { items }));
        await client.invalidateQueries({ queryKey: evidenceKeys.all });
      },
    });
    if (done) onClose(true);
  };

  return (
    <AppDialog
      open={open}
      title={t('evidenceTask.company.title')}
      onCancel={() => onClose()}
      onConfirm={() => void submit()}
      loading={partners.isPending}
      width={720}
      testId="evidence-company-dialog"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('evidenceTask.company.hint')}</Typography.Text>
        <Radio.Group
          value={taskType}
          onChange={(e) => setTaskType(e.target.value as 1 | 2)}
          options={([1, 2] as const).map((v) => ({ value: v, label: PACKAGE_TYPE_LABELS[v][lang] }))}
        />
        <Table<TEvidencePartnerChoice>
          size="small"
          rowKey={(r) => r.enterpriseUuid}
          data-testid="evidence-company-partners"
          pagination={false}
          scroll={{ y: 320 }}
          dataSource={[...new Map((partners.data ?? []).map((p) => [p.enterpriseUuid, p])).values()]}
          locale={{ emptyText: <Empty description={t('evidenceTask.company.none')} /> }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
          columns={[
            { key: 'code', title: t('evidenceTask.fields.enterprise'), dataIndex: 'code', width: 140 },
            {
              key: 'name',
              title: t('evidenceTask.create.kinds.enterprise'),
              render: (_v, r) => (lang === 'en' && r.nameEn ? r.nameEn : r.name),
            },
            {
              key: 'type',
              title: '',
              width: 110,
              render: (_v, r) => t(`evidenceTask.company.partnerTypes.${r.partnerType}`),
            },
          ]}
        />
      </Space>
    </AppDialog>
  );
}
