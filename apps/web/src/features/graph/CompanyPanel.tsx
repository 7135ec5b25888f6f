import { useState } from 'react';
import { Button, Descriptions, Drawer, Empty, List, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  api,
  documentTypeByTypeCode,
  type TEnterpriseNetwork,
  type TFlowDocument,
  type TFlowEvidence,
  type TNetworkCompany,
  type TNetworkFlow,
  type TNetworkRequest,
} from '@tracehub/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { DocumentEvidence } from './parts';
import { graphKeys } from './queries';
import { useLang } from '../../i18n';
import { EMPTY_TEXT, formatDateTime } from '../../shared/format';
import { usePermissions } from '../../shared/permissions';
import { ByCompanyDialog } from '../evidence-task/ByCompanyDialog';
import { FindingTags, KindText, useCompanyName, useTierText } from './labels';

type TEvidenceOf = (
  flow: TNetworkFlow,
  d: TFlowDocument,
) => { evidence: TFlowEvidence; own: boolean } | undefined;

/** The documents of one flow, newest first, as the network lists them, each with its evidence. */
function FlowDocuments({ flow, evidenceOf }: { flow: TNetworkFlow; evidenceOf: TEvidenceOf }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Table<TFlowDocument>
      size="small"
      rowKey={(d) => `${d.side}:${d.typeCode}:${d.billNo}`}
      pagination={false}
      dataSource={flow.documents}
      columns={[
        {
          key: 'type',
          title: t('graph.chain.panel.documentType'),
          render: (_v, d) => documentTypeByTypeCode(d.typeCode)?.title[lang] ?? d.typeCode,
        },
        { key: 'billNo', title: t('graph.product.columns.document'), dataIndex: 'billNo' },
        {
          key: 'side',
          title: t('graph.chain.panel.sideTitle'),
          render: (_v, d) => t(`graph.chain.panel.side.${d.side}`),
        },
        {
          key: 'time',
          title: t('graph.product.columns.time'),
          render: (_v, d) => formatDateTime(d.bizTime),
        },
        {
          key: 'chain',
          title: t('graph.product.columns.chain'),
          render: (_v, d) => {
            const found = evidenceOf(flow, d);
            return (
              <DocumentEvidence
                evidence={found?.evidence}
                own={found?.own ?? false}
                testId="network-verify"
              />
            );
          },
        },
      ]}
      footer={
        flow.documentCount > flow.documents.length
          ? () => t('graph.chain.panel.shownOf', { shown: flow.documents.length, total: flow.documentCount })
          : undefined
      }
    />
  );
}

/** A flow as one entry: who to whom, its materials and lots, then its documents. */
function FlowEntry({
  flow,
  names,
  evidenceOf,
}: {
  flow: TNetworkFlow;
  names: (id: string) => string;
  evidenceOf: TEvidenceOf;
}) {
  const { t } = useTranslation();
  return (
    <List.Item className="network-flow" data-testid="network-flow">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text strong>
            {t('graph.chain.panel.flowTitle', { from: names(flow.from), to: names(flow.to) })}
          </Typography.Text>
          {!flow.matched && <Tag color="warning">{t('graph.chain.unmatched')}</Tag>}
          <Tag>{`${t('graph.chain.columns.lots')} ${flow.lots}`}</Tag>
          {flow.quantities.map((q) => (
            <Tag key={q.unit} color="blue">{`${q.quantity} ${q.unit}`}</Tag>
          ))}
        </Space>
        <Space wrap size={[4, 4]}>
          {flow.materials.map((m) => (
            <Tag key={m.itemCode} className="mono-text">{`${m.itemCode} ×${m.lots}`}</Tag>
          ))}
          {flow.materialCount > flow.materials.length && (
            <Typography.Text type="secondary">
              {t('graph.chain.moreMaterials', { count: flow.materialCount })}
            </Typography.Text>
          )}
        </Space>
        <FlowDocuments flow={flow} evidenceOf={evidenceOf} />
      </Space>
    </List.Item>
  );
}

/**
 * A company's panel (spec 2.2 /visual/chain-d3): its identity and kind, its tier, troubleshooting findings,
 * the flows it supplies and receives with their documents, and its evidence: the package of the documents
 * exchanged with it, each record with its on-chain proof (the export-by-company task).
 */
export function CompanyPanel({
  network,
  request,
  company,
  onClose,
}: {
  network: TEnterpriseNetwork;
  /** The filters the network was drawn with: the company's evidence is read with them. */
  request: TNetworkRequest;
  company: TNetworkCompany | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const can = usePermissions();
  const nameOf = useCompanyName();
  const tierText = useTierText();
  const [exporting, setExporting] = useState(false);
  const evidence = useQuery({
    queryKey: graphKeys.companyEvidence(request, company?.id ?? ''),
    queryFn: ({ signal }) =>
      call(api.graph.companyEvidence, { filters: request, companyId: company!.id }, { signal }),
    enabled: company !== null,
  });
  const byDocument = new Map(
    (evidence.data ?? []).map((e) => [`${e.flowId}|${e.side}|${e.typeCode}|${e.billNo}`, e]),
  );
  const byId = new Map(network.companies.map((c) => [c.id, c]));
  const evidenceOf: TEvidenceOf = (flow, d) => {
    const found = byDocument.get(`${flow.id}|${d.side}|${d.typeCode}|${d.billNo}`);
    const owner = byId.get(d.side === 'supplier' ? flow.from : flow.to);
    return found && { evidence: found, own: owner?.own ?? false };
  };
  const names = (id: string) => {
    const c = byId.get(id);
    return c ? nameOf(c) : EMPTY_TEXT;
  };
  const supplies = company ? network.flows.filter((f) => f.from === company.id) : [];
  const receives = company ? network.flows.filter((f) => f.to === company.id) : [];
  // The export by company packages a direct partner's exchanges: a tier-1 supplier or client.
  const canExport =
    company !== null && company.settled && Math.abs(company.tier) === 1 && can('TaskList:Create');

  return (
    <Drawer
      open={company !== null}
      onClose={onClose}
      width={640}
      title={company ? nameOf(company) : t('graph.chain.panel.title')}
      data-testid="network-company-panel"
      extra={
        canExport && (
          <Tooltip title={t('graph.chain.panel.exportHint')}>
            <Button
              type="primary"
              icon={<ExportOutlined />}
              onClick={() => setExporting(true)}
              data-testid="network-export-evidence"
            >
              {t('graph.chain.panel.exportEvidence')}
            </Button>
          </Tooltip>
        )
      }
    >
      {company && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'tier', label: t('graph.chain.panel.tier'), children: tierText(company.tier) },
              { key: 'kind', label: t('graph.chain.panel.kind'), children: <KindText company={company} /> },
              {
                key: 'settled',
                label: t('graph.chain.panel.settled'),
                children: company.settled ? t('dataManagement.settled') : t('dataManagement.unsettled'),
              },
              {
                key: 'usci',
                label: t('graph.chain.panel.usci'),
                children: <span className="mono-text">{company.usci || EMPTY_TEXT}</span>,
              },
              {
                key: 'did',
                label: t('graph.chain.panel.did'),
                children: company.did ? (
                  <Typography.Text copyable className="mono-text">
                    {company.did}
                  </Typography.Text>
                ) : (
                  t('graph.chain.panel.notCertified')
                ),
              },
              { key: 'lots', label: t('graph.chain.panel.lots'), children: company.lots },
              {
                key: 'findings',
                label: t('graph.chain.panel.findings'),
                children: <FindingTags findings={company.findings} />,
              },
            ]}
          />
          {[
            { key: 'supplies', title: t('graph.chain.panel.receives'), flows: supplies },
            { key: 'receives', title: t('graph.chain.panel.supplies'), flows: receives },
          ].map(
            (group) =>
              group.flows.length > 0 && (
                <div key={group.key}>
                  <Typography.Title level={5}>{group.title}</Typography.Title>
                  <List
                    dataSource={group.flows}
                    renderItem={(flow) => <FlowEntry flow={flow} names={names} evidenceOf={evidenceOf} />}
                  />
                </div>
              ),
          )}
          {supplies.length + receives.length === 0 && <Empty />}
        </Space>
      )}
      {exporting && company && (
        <ByCompanyDialog open onClose={() => setExporting(false)} preselectUsci={company.usci} />
      )}
    </Drawer>
  );
}
