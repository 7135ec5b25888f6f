import { useMemo, useRef, useState } from 'react';
import {
  Alert,
  AutoComplete,
  Button,
  Card,
  Cascader,
  Empty,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  api,
  GRAPH_LIMITS,
  SUPPLIER_MAP_CODE,
  type TEnterpriseNetwork,
  type TNetworkCompany,
  type TNetworkFlow,
  type TNetworkRequest,
  type TSupplierMapItem,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { pickLangText, useLang } from '../../i18n';
import { DateRangeInput } from '../../shared/DateRangeInput';
import type { TRange } from '../../shared/dateRange';
import { EMPTY_TEXT, formatDate } from '../../shared/format';
import { usePermissions } from '../../shared/permissions';
import { SupplierMapDialog, type TMapSupplier } from '../map/SupplierMapDialog';
import { CompanyPanel } from './CompanyPanel';
import { NetworkCanvas, type TNetworkCanvasHandle } from './NetworkCanvas';
import { NetworkLegend } from './NetworkLegend';
import { layoutNetwork, searchCompanies } from './networkLayout';
import { graphKeys } from './queries';
import { canRenderNetwork } from './renderNetwork';
import { CanvasActions } from './CanvasActions';
import { ViewSwitch, type TView } from './parts';
import { useCompanyName, useTierText } from './labels';
import './graph.css';

const NO_SUPPLIERS: TMapSupplier[] = [];

/** The supplier map items as the map dialog takes them (a stable function: TanStack keeps its result). */
const mapSuppliers = (items: readonly TSupplierMapItem[]): TMapSupplier[] =>
  items.map((i) => ({
    code: i.supplierEnterpriseCode,
    name: i.supplierEnterpriseName,
    nameEn: i.supplierEnterpriseNameEn || null,
    address: i.address,
    lat: i.latitude,
    lng: i.longitude,
    tier: i.tier,
  }));

/** The flows as a table (the list view beside the graph): supplier, client, materials, lots, documents. */
function FlowTable({
  network,
  onCompany,
}: {
  network: TEnterpriseNetwork;
  onCompany: (c: TNetworkCompany) => void;
}) {
  const { t } = useTranslation();
  const nameOf = useCompanyName();
  const byId = new Map(network.companies.map((c) => [c.id, c]));
  const companyCell = (id: string) => {
    const c = byId.get(id);
    return c ? (
      <Typography.Link onClick={() => onCompany(c)} data-testid="network-list-company">
        {nameOf(c)}
      </Typography.Link>
    ) : (
      EMPTY_TEXT
    );
  };
  return (
    <Table<TNetworkFlow>
      size="small"
      rowKey="id"
      data-testid="network-list"
      dataSource={network.flows}
      pagination={{ pageSize: 20, showSizeChanger: false }}
      scroll={{ x: 1000 }}
      columns={[
        { key: 'from', title: t('graph.chain.columns.supplier'), render: (_v, f) => companyCell(f.from) },
        { key: 'to', title: t('graph.chain.columns.client'), render: (_v, f) => companyCell(f.to) },
        {
          key: 'materials',
          title: t('graph.chain.columns.materials'),
          render: (_v, f) => (
            <Space size={[4, 4]} wrap>
              {f.materials.slice(0, 3).map((m) => (
                <Tag key={m.itemCode} className="mono-text">
                  {m.itemCode}
                </Tag>
              ))}
              {f.materialCount > 3 && t('graph.chain.moreMaterials', { count: f.materialCount })}
            </Space>
          ),
        },
        { key: 'lots', title: t('graph.chain.columns.lots'), dataIndex: 'lots', width: 90 },
        { key: 'docs', title: t('graph.chain.columns.documents'), dataIndex: 'documentCount', width: 90 },
        {
          key: 'quantities',
          title: t('graph.chain.columns.quantities'),
          render: (_v, f) =>
            f.quantities.length ? f.quantities.map((q) => `${q.quantity} ${q.unit}`).join('; ') : EMPTY_TEXT,
        },
        {
          key: 'period',
          title: t('graph.chain.columns.period'),
          render: (_v, f) =>
            f.firstTime === null
              ? EMPTY_TEXT
              : `${formatDate(f.firstTime)} ~ ${formatDate(f.lastTime ?? f.firstTime)}`,
        },
        {
          key: 'status',
          title: t('graph.chain.columns.status'),
          width: 100,
          render: (_v, f) =>
            f.matched ? (
              <Tag color="success">{t('graph.chain.matched')}</Tag>
            ) : (
              <Tag color="warning">{t('graph.chain.unmatched')}</Tag>
            ),
        },
      ]}
    />
  );
}

/**
 * /visual/chain-d3 (spec 2.2, issue 18 item 1): the enterprise's supply-chain network from the traced
 * documents, suppliers to the left and clients to the right, up to five tiers, filtered by project and
 * product (getEnterpriseProjectCascade) and business date (getBizDate), with a list view beside it. A large
 * tier is one node until clicked; a company opens its panel (details, flows, documents, evidence).
 */
export default function ChainNetworkPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const nameOf = useCompanyName();
  const tierText = useTierText();
  const drawable = useMemo(canRenderNetwork, []);
  const [view, setView] = useState<TView>(drawable ? 'graph' : 'list');
  const [projectProduct, setProjectProduct] = useState<string[]>([]);
  const [range, setRange] = useState<TRange>([null, null]);
  const [tiers, setTiers] = useState<number>(GRAPH_LIMITS.maxTiers);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<TNetworkCompany | null>(null);
  const [mapOpen, setMapOpen] = useState(false);
  const canvas = useRef<TNetworkCanvasHandle>(null);
  const can = usePermissions();

  const cascade = useQuery({
    queryKey: graphKeys.cascade(),
    queryFn: ({ signal }) => call(api.graph.enterpriseProjectCascade, {}, { signal }),
  });
  const span = useQuery({
    queryKey: graphKeys.bizDate(),
    queryFn: ({ signal }) => call(api.graph.bizDate, {}, { signal }),
  });
  const request: TNetworkRequest = {
    projectCode: projectProduct[0] ?? '',
    productCode: projectProduct[1] ?? '',
    bizDateFrom: range[0]?.startOf('day').valueOf() ?? null,
    bizDateTo: range[1]?.endOf('day').valueOf() ?? null,
    tiers,
  };
  // The signal lets a request the filters have overtaken be cancelled (spec 7: the cancelable variants).
  const query = useQuery({
    queryKey: graphKeys.enterprise(request),
    queryFn: ({ signal }) => call(api.graph.enterprise, request, { signal }),
  });
  const network = query.data;
  const suppliers = useQuery({
    queryKey: graphKeys.supplierMap(request),
    queryFn: ({ signal }) => call(api.graph.supplierMap, request, { signal }),
    enabled: mapOpen,
    select: mapSuppliers,
  });

  const drawn = useMemo(
    () =>
      network
        ? layoutNetwork(network, expanded, nameOf, (tier, count) =>
            t('graph.chain.aggregate', { tier: tierText(tier), count }),
          )
        : { nodes: [], edges: [] },
    // nameOf and tierText follow the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [network, expanded, lang],
  );
  const matches = useMemo(
    () => (network ? searchCompanies(network.companies, search) : []),
    [network, search],
  );
  const emphasised = useMemo(() => {
    if (selected) {
      const ids = new Set([selected.id]);
      for (const f of network?.flows ?? [])
        if (f.from === selected.id || f.to === selected.id) ids.add(f.from === selected.id ? f.to : f.from);
      return ids;
    }
    return search.trim() ? new Set(matches.map((c) => c.id)) : null;
  }, [selected, search, matches, network]);

  const onNodeClick = (id: string) => {
    if (id.startsWith('tier:')) {
      setExpanded((prev) => new Set([...prev, Number(id.slice('tier:'.length))]));
      return;
    }
    setSelected(network?.companies.find((c) => c.id === id) ?? null);
  };
  const pickSearched = (id: string) => {
    const c = network?.companies.find((x) => x.id === id);
    if (!c) return;
    setSearch(nameOf(c));
    if (view === 'graph') canvas.current?.focus(drawn.nodes.some((n) => n.id === id) ? id : `tier:${c.tier}`);
    setSelected(c);
  };
  const aggregated = drawn.nodes.filter((n) => n.company === null);

  const projectOptions = (cascade.data ?? []).map((p) => ({
    value: p.code,
    label: p.code,
    children: p.products.map((pr) => ({
      value: pr.code,
      label: `${pr.code} ${pickLangText(lang, pr.name, pr.nameEn)}`,
    })),
  }));

  return (
    <div className="network-page" data-testid="chain-network-page">
      <Card className="th-card network-filters">
        <Space wrap size={[16, 12]}>
          <Space>
            <span>{t('graph.chain.projectProduct')}</span>
            <Cascader
              style={{ width: 280 }}
              options={projectOptions}
              value={projectProduct}
              onChange={(v) => setProjectProduct((v ?? []).map(String))}
              changeOnSelect
              allowClear
              placeholder={t('graph.chain.allProjects')}
              data-testid="network-project"
            />
          </Space>
          <Space>
            <span>{t('graph.chain.bizDate')}</span>
            <DateRangeInput kind="date" value={range} onChange={setRange} />
          </Space>
          <Space>
            <span>{t('graph.chain.tiers')}</span>
            <Select
              style={{ width: 110 }}
              value={tiers}
              onChange={setTiers}
              data-testid="network-tiers"
              options={Array.from({ length: GRAPH_LIMITS.maxTiers }, (_v, i) => ({
                value: i + 1,
                label: t('graph.chain.tiersValue', { count: i + 1 }),
              }))}
            />
          </Space>
          {span.data?.from != null && (
            <Typography.Text type="secondary">
              {`${formatDate(span.data.from)} ~ ${formatDate(span.data.to ?? span.data.from)}`}
            </Typography.Text>
          )}
        </Space>
      </Card>

      <Card
        className="th-card"
        title={
          network &&
          t('graph.chain.summary', {
            companies: network.companies.length,
            flows: network.flows.length,
            up: network.levelsUp,
            down: network.levelsDown,
          })
        }
        extra={
          <Space wrap>
            <AutoComplete
              style={{ width: 280 }}
              value={search}
              onChange={setSearch}
              onSelect={(id: string) => pickSearched(id)}
              allowClear
              placeholder={t('graph.chain.search')}
              notFoundContent={search.trim() ? t('graph.chain.searchNone') : null}
              options={matches
                .slice(0, 20)
                .map((c) => ({ value: c.id, label: `${nameOf(c)} · ${tierText(c.tier)}` }))}
              data-testid="network-search"
            />
            <ViewSwitch value={view} onChange={setView} drawable={drawable} testId="network-view" />
            {can(SUPPLIER_MAP_CODE) && (
              <Button
                icon={<EnvironmentOutlined />}
                onClick={() => setMapOpen(true)}
                data-testid="network-supplier-map"
              >
                {t('map.supplier.title')}
              </Button>
            )}
            {view === 'graph' && (
              <CanvasActions canvas={canvas} fileName={t('graph.chain.fileName')} testId="network" />
            )}
          </Space>
        }
      >
        {!drawable && (
          <Alert type="info" showIcon message={t('graph.chain.noCanvas')} className="network-alert" />
        )}
        {network?.truncated && (
          <Alert
            type="warning"
            showIcon
            className="network-alert"
            message={t('graph.chain.truncated', { starts: network.starts })}
            data-testid="network-truncated"
          />
        )}
        {query.isPending ? (
          <div className="network-loading">
            <Spin />
          </div>
        ) : !network || network.flows.length === 0 ? (
          <Empty description={t('graph.chain.empty')} data-testid="network-empty" />
        ) : view === 'graph' ? (
          <>
            <NetworkLegend />
            {aggregated.length > 0 && (
              <Space wrap className="network-aggregates">
                <Typography.Text type="secondary">{t('graph.chain.aggregateHint')}</Typography.Text>
                {aggregated.map((n) => (
                  <Button key={n.id} size="small" onClick={() => onNodeClick(n.id)}>
                    {n.label}
                  </Button>
                ))}
              </Space>
            )}
            {expanded.size > 0 && (
              <Space wrap className="network-aggregates">
                {[...expanded].map((tier) => (
                  <Button
                    key={tier}
                    size="small"
                    onClick={() => setExpanded((prev) => new Set([...prev].filter((x) => x !== tier)))}
                  >
                    {t('graph.chain.collapse', { tier: tierText(tier) })}
                  </Button>
                ))}
              </Space>
            )}
            <NetworkCanvas
              ref={canvas}
              network={drawn}
              emphasised={emphasised}
              onNodeClick={onNodeClick}
              label={t('graph.chain.nodesLabel')}
            />
          </>
        ) : (
          <FlowTable network={network} onCompany={setSelected} />
        )}
      </Card>
      {network && (
        <CompanyPanel
          network={network}
          request={request}
          company={selected}
          onClose={() => setSelected(null)}
        />
      )}
      {mapOpen && (
        <SupplierMapDialog
          open
          onClose={() => setMapOpen(false)}
          suppliers={suppliers.data ?? NO_SUPPLIERS}
          loading={suppliers.isPending}
        />
      )}
    </div>
  );
}
