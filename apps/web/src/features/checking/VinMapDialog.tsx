import { useMemo, useState } from 'react';
import { Alert, Button, Input, Radio, Space, Table, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CHECK_CODES,
  VIN_MAP_GAP_LABELS,
  VIN_MAP_STATUS_LABELS,
  VIN_VALIDATION_LABELS,
  api,
  documentTypeByTypeCode,
  type TLang,
  type TTraceDocument,
  type TVinMapNode,
  type TVinMapRow,
  type TVinMapStatus,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { AppDialog } from '../../shared/AppDialog';
import { useLang } from '../../i18n';
import { downloadFile } from '../../shared/download';
import { formatDate } from '../../shared/format';
import { usePermissions } from '../../shared/permissions';
import { checkingKeys } from './queries';

/** Complete or uncomplete (spec 4 "Map check"), as a coloured tag. */
export function VinMapStatusTag({ complete, lang }: { complete: boolean; lang: TLang }) {
  const status: TVinMapStatus = complete ? 'complete' : 'uncomplete';
  return (
    <Tag color={complete ? 'success' : 'error'} data-testid={`vin-map-status-${status}`}>
      {VIN_MAP_STATUS_LABELS[status][lang]}
    </Tag>
  );
}

const docText = (d: TTraceDocument, lang: TLang) =>
  `${documentTypeByTypeCode(d.typeCode)?.title[lang] ?? d.typeCode} ${d.billNo} (${formatDate(d.bizTime)})`;

/** One node's line: status icon, company, lot, how it is linked to its parent and the link's documents. */
function NodeTitle({ node, lang }: { node: TVinMapNode; lang: TLang }) {
  const { t } = useTranslation();
  const company = (lang === 'en' && node.companyNameEn) || node.companyName;
  const lot = node.batchNo ? `${node.itemCode} / ${node.batchNo}` : node.vinSn;
  return (
    <Space size={6} wrap data-testid={node.complete ? 'vin-map-node-complete' : 'vin-map-node-gap'}>
      {node.complete ? (
        <CheckCircleFilled style={{ color: '#52c41a' }} />
      ) : (
        <CloseCircleFilled style={{ color: '#ff4d4f' }} />
      )}
      <Typography.Text strong>{lot}</Typography.Text>
      <Typography.Text>{company}</Typography.Text>
      {node.source && <Tag color="gold">{t('checking.vinMap.source')}</Tag>}
      {node.link && <Tag>{t(`checking.vinMap.links.${node.link}`)}</Tag>}
      {node.documents.length > 0 && (
        <Typography.Text type="secondary">
          {node.documents.map((d) => docText(d, lang)).join(' → ')}
        </Typography.Text>
      )}
      {node.sites.length > 0 && (
        <Typography.Text type="secondary">{node.sites.map((s) => s.siteName).join(', ')}</Typography.Text>
      )}
      {node.repeated && <Typography.Text type="secondary">({t('checking.vinMap.repeated')})</Typography.Text>}
    </Space>
  );
}

/** The flat nodes as antd tree data; each gap a red leaf under its node. */
function treeData(nodes: readonly TVinMapNode[], lang: TLang, gapWord: string): TreeDataNode[] {
  const byParent = new Map<string | null, TVinMapNode[]>();
  for (const n of nodes) byParent.set(n.parent, [...(byParent.get(n.parent) ?? []), n]);
  const build = (n: TVinMapNode): TreeDataNode => ({
    key: n.key,
    title: <NodeTitle node={n} lang={lang} />,
    children: [
      ...n.gaps.map((g, i) => {
        const supplier = (lang === 'en' && g.supplierNameEn) || g.supplierName;
        return {
          key: `${n.key}#gap${i}`,
          isLeaf: true,
          title: (
            <Space size={6} wrap data-testid="vin-map-gap">
              <WarningFilled style={{ color: '#ff4d4f' }} />
              <Typography.Text type="danger">
                {gapWord}: {VIN_MAP_GAP_LABELS[g.kind][lang]}
                {supplier ? ` · ${supplier}` : ''}
                {g.document ? ` · ${docText(g.document, lang)}` : ''}
              </Typography.Text>
            </Space>
          ),
        };
      }),
      ...(byParent.get(n.key) ?? []).map(build),
    ],
  });
  return (byParent.get(null) ?? []).map(build);
}

/** A VIN's chain map down to the source companies, its gaps marked. */
function VinTree({ taskId, vin }: { taskId: string; vin: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useQuery({
    queryKey: [...checkingKeys.all, 'vinMapTree', taskId, vin],
    queryFn: () => call(api.checking.vinMapTree, { taskId, vin }),
  });
  const data = useMemo(
    () => (query.data ? treeData(query.data.nodes, lang, t('checking.vinMap.gap')) : []),
    [query.data, lang, t],
  );
  if (!query.data) return null;
  return (
    <div data-testid="vin-map-tree">
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text strong>{t('checking.vinMap.treeTitle', { vin })}</Typography.Text>
        <VinMapStatusTag complete={query.data.complete} lang={lang} />
        <Typography.Text type="secondary">{t('checking.vinMap.tracedNow')}</Typography.Text>
      </Space>
      {query.data.truncated && <Alert type="warning" showIcon message={t('checking.vinMap.truncated')} />}
      <Tree showLine defaultExpandAll treeData={data} selectable={false} />
    </div>
  );
}

/** Spec 2.4 "VIN map check result": a task's VINs complete or uncomplete, each with its tree and report. */
export function VinMapDialog({
  taskId,
  open,
  onClose,
}: {
  taskId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = usePermissions();
  const [status, setStatus] = useState<TVinMapStatus | 'all'>('all');
  const [vin, setVin] = useState('');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [selected, setSelected] = useState<string | null>(null);
  const request = {
    taskId,
    ...page,
    ...(status === 'all' ? {} : { status }),
    ...(vin ? { vin } : {}),
  };
  const query = useQuery({
    queryKey: [...checkingKeys.all, 'vinMap', request],
    queryFn: () => call(api.checking.vinMapPage, request),
    enabled: open,
  });
  const report = (v: string, format: 'xlsx' | 'pdf') =>
    void downloadFile(api.checking.exportTracingReport, { taskId, vin: v, format });
  return (
    <AppDialog open={open} onCancel={onClose} readOnly width={1100} title={t('checking.vinMap.title')}>
      <div data-testid="vin-map-dialog">
        <Typography.Paragraph type="secondary">{t('checking.vinMap.hint')}</Typography.Paragraph>
        <Space style={{ marginBottom: 12 }} wrap>
          <Radio.Group
            optionType="button"
            value={status}
            data-testid="vin-map-filter"
            onChange={(e) => {
              setStatus(e.target.value as TVinMapStatus | 'all');
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
            options={[
              { value: 'all', label: t('checking.vinMap.all') },
              { value: 'complete', label: VIN_MAP_STATUS_LABELS.complete[lang] },
              { value: 'uncomplete', label: VIN_MAP_STATUS_LABELS.uncomplete[lang] },
            ]}
          />
          <Input.Search
            allowClear
            placeholder={t('checking.vinMap.search')}
            style={{ width: 240 }}
            onSearch={(v) => {
              setVin(v.trim());
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
          />
        </Space>
        <Table<TVinMapRow>
          rowKey="vin"
          size="small"
          data-testid="vin-map-list"
          loading={query.isPending}
          dataSource={query.data?.list ?? []}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: query.data?.total ?? 0,
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
          rowClassName={(r) => (r.vin === selected ? 'ant-table-row-selected' : '')}
          columns={[
            { key: 'vin', title: t('checking.vinMap.vin'), dataIndex: 'vin', width: 200 },
            {
              key: 'status',
              title: t('checking.vinMap.status'),
              width: 110,
              render: (_v, r) => <VinMapStatusTag complete={r.complete} lang={lang} />,
            },
            {
              key: 'validation',
              title: t('checking.vinMap.validation'),
              width: 100,
              render: (_v, r) => (
                <Tag
                  color={r.abnormal ? 'error' : 'success'}
                  data-testid={`vin-validation-${r.abnormal ? 'abnormal' : 'normal'}`}
                >
                  {VIN_VALIDATION_LABELS[r.abnormal ? 'abnormal' : 'normal'][lang]}
                </Tag>
              ),
            },
            { key: 'gapCount', title: t('checking.vinMap.gapCount'), dataIndex: 'gapCount', width: 80 },
            {
              key: 'gapKinds',
              title: t('checking.vinMap.gapKinds'),
              render: (_v, r) =>
                r.gapKinds.map((k) => VIN_MAP_GAP_LABELS[k][lang]).join(lang === 'zh' ? '、' : ', '),
            },
            {
              key: 'actions',
              title: t('checking.vinMap.actions'),
              width: 330,
              render: (_v, r) => (
                <Space size={0} wrap>
                  <Button
                    type="link"
                    size="small"
                    data-testid={`vin-map-view-${r.vin}`}
                    onClick={() => setSelected(r.vin)}
                  >
                    {t('checking.vinMap.viewTree')}
                  </Button>
                  {can(CHECK_CODES.export) && (
                    <>
                      <Button
                        type="link"
                        size="small"
                        data-testid={`vin-map-xlsx-${r.vin}`}
                        onClick={() => report(r.vin, 'xlsx')}
                      >
                        {t('checking.vinMap.xlsx')}
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        data-testid={`vin-map-pdf-${r.vin}`}
                        onClick={() => report(r.vin, 'pdf')}
                      >
                        {t('checking.vinMap.pdf')}
                      </Button>
                    </>
                  )}
                </Space>
              ),
            },
          ]}
        />
        {selected && <VinTree key={selected} taskId={taskId} vin={selected} />}
      </div>
    </AppDialog>
  );
}
