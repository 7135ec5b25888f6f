import { useMemo } from 'react';
import { Alert, Space, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  VIN_MAP_GAP_LABELS,
  VIN_MAP_STATUS_LABELS,
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
import { formatDate } from '../../shared/format';
import type { TResourceDialogProps } from '../../shared/list/types';
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
    queryKey: checkingKeys.vinTree(taskId, vin),
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

/** A VIN's map as the list's row dialog. */
export function VinTreeDialog({ record, onClose }: TResourceDialogProps<TVinMapRow>) {
  const { t } = useTranslation();
  return (
    <AppDialog open onCancel={onClose} readOnly width={1000} title={t('checking.vinMap.viewTree')}>
      {record && <VinTree taskId={record.taskId} vin={record.vin} />}
    </AppDialog>
  );
}
