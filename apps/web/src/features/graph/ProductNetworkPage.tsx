import { useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Input,
  Segmented,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  api,
  documentTypeByTypeCode,
  type TProductNetwork,
  type TProductNetworkRequest,
  type TTraceDocument,
  type TTraceLink,
  type TTraceNode,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { pickLangText, useLang } from '../../i18n';
import { EMPTY_TEXT, formatDateTime } from '../../shared/format';
import { NetworkCanvas, type TNetworkCanvasHandle } from './NetworkCanvas';
import { evidenceIndex, evidenceKey, layoutProductNetwork } from './productLayout';
import { graphKeys } from './queries';
import { canRenderNetwork } from './renderNetwork';
import { CanvasActions } from './CanvasActions';
import { DocumentEvidence, ViewSwitch, type TView } from './parts';
import { useTierText } from './labels';
import './graph.css';

type TStart = 'product' | 'vin' | 'lot';

/** One row of the list view: a document of a link, with the lots it links and its evidence. */
interface TLinkRow {
  key: string;
  link: TTraceLink;
  doc: TTraceDocument;
  enterprise: number;
}

function linkRows(network: TProductNetwork): TLinkRow[] {
  const nodes = new Map(network.trace.nodes.map((n) => [n.id, n]));
  return network.trace.links.flatMap((link) =>
    link.documents.map((doc, i) => {
      // The first document is on the nearer lot's side; a supplier's delivery on the farther lot's.
      const side = i === 1 && link.kind === 'supplied' ? link.to : link.from;
      return {
        key: `${link.from}>${link.to}:${doc.typeCode}:${doc.billNo}`,
        link,
        doc,
        enterprise: nodes.get(side)?.enterprise ?? 0,
      };
    }),
  );
}

/** A lot in words: its item and batch, or its VIN/SN. */
const lotText = (n: TTraceNode) => (n.batchNo ? `${n.itemCode} / ${n.batchNo}` : n.vinSn || n.itemCode);

/** The chooser of where the network starts: one of the enterprise's products, a VIN/SN, or a lot. */
function StartChooser({ onDraw }: { onDraw: (request: TProductNetworkRequest) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [kind, setKind] = useState<TStart>('product');
  const [keyword, setKeyword] = useState('');
  const [productId, setProductId] = useState<number | null>(null);
  const [vinSn, setVinSn] = useState('');
  const [itemCode, setItemCode] = useState('');
  const [batchNo, setBatchNo] = useState('');
  const products = useQuery({
    queryKey: graphKeys.products(keyword),
    queryFn: ({ signal }) =>
      call(api.product.getProductList, { keyword: keyword || undefined, pageSize: 50 }, { signal }),
    enabled: kind === 'product',
  });
  const request: TProductNetworkRequest | null =
    kind === 'product'
      ? productId === null
        ? null
        : { productId }
      : kind === 'vin'
        ? vinSn.trim()
          ? { vinSn: vinSn.trim() }
          : null
        : itemCode.trim() && batchNo.trim()
          ? { itemCode: itemCode.trim(), batchNo: batchNo.trim() }
          : null;
  return (
    <Space wrap size={[12, 12]}>
      <Segmented<TStart>
        value={kind}
        onChange={setKind}
        options={[
          { value: 'product', label: t('graph.product.chooseProduct') },
          { value: 'vin', label: t('graph.product.orVin') },
          { value: 'lot', label: t('graph.product.orLot') },
        ]}
        data-testid="product-network-start"
      />
      {kind === 'product' && (
        <Select
          showSearch
          style={{ width: 360 }}
          value={productId}
          onChange={setProductId}
          onSearch={setKeyword}
          filterOption={false}
          loading={products.isFetching}
          placeholder={t('graph.product.productHint')}
          data-testid="product-network-product"
          options={(products.data?.list ?? []).map((p) => ({
            value: p.id,
            label: `${p.code} ${pickLangText(lang, p.name, p.nameEn)} ${p.vinSn || p.batchNo}`.trim(),
          }))}
        />
      )}
      {kind === 'vin' && (
        <Input
          style={{ width: 260 }}
          value={vinSn}
          onChange={(e) => setVinSn(e.target.value)}
          placeholder="VIN/SN"
          maxLength={50}
          data-testid="product-network-vin"
        />
      )}
      {kind === 'lot' && (
        <>
          <Input
            style={{ width: 180 }}
            value={itemCode}
            onChange={(e) => setItemCode(e.target.value)}
            placeholder={t('graph.product.itemCode')}
            maxLength={50}
          />
          <Input
            style={{ width: 180 }}
            value={batchNo}
            onChange={(e) => setBatchNo(e.target.value)}
            placeholder={t('graph.product.batchNo')}
            maxLength={50}
          />
        </>
      )}
      <Button
        type="primary"
        disabled={!request}
        onClick={() => request && onDraw(request)}
        data-testid="product-network-draw"
      >
        {t('graph.product.draw')}
      </Button>
    </Space>
  );
}

/**
 * /visual/product (spec 2.2, issue 18 item 1): a product's, VIN's or lot's material tree down to the mine,
 * each link with its documents and each document's evidence (sealed in a block, checked in the browser
 * against the public ledger in the record dialog), as a network or a list.
 */
export default function ProductNetworkPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const tierText = useTierText();
  const drawable = useMemo(canRenderNetwork, []);
  const [request, setRequest] = useState<TProductNetworkRequest | null>(null);
  const [view, setView] = useState<TView>(drawable ? 'graph' : 'list');
  const [highlight, setHighlight] = useState(false);
  const [selected, setSelected] = useState<TTraceNode | null>(null);
  const canvas = useRef<TNetworkCanvasHandle>(null);

  const query = useQuery({
    queryKey: graphKeys.product(request ?? { vinSn: '' }),
    queryFn: ({ signal }) => call(api.graph.product, request!, { signal }),
    enabled: request !== null,
  });
  const labels = useQuery({
    queryKey: graphKeys.traceLabels(),
    queryFn: ({ signal }) => call(api.graph.traceLabels, {}, { signal }),
    enabled: highlight,
  });
  const network = query.data;
  const enterpriseName = (i: number) => {
    const e = network?.trace.enterprises[i];
    return e ? pickLangText(lang, e.name, e.nameEn) : EMPTY_TEXT;
  };
  const tracingCodes = useMemo(
    () => new Set(highlight ? (labels.data ?? []).map((l) => l.code) : []),
    [highlight, labels.data],
  );
  const drawn = useMemo(
    () =>
      network
        ? layoutProductNetwork(
            network,
            (n) => `${lotText(n)} · ${enterpriseName(n.enterprise)}`,
            (kind) => t(`graph.product.gaps.${kind}`),
            tracingCodes,
          )
        : { nodes: [], edges: [] },
    // enterpriseName follows the network and the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [network, tracingCodes, lang],
  );
  const evidence = useMemo(() => (network ? evidenceIndex(network) : new Map()), [network]);
  const rows = useMemo(() => (network ? linkRows(network) : []), [network]);
  const nodes = useMemo(() => new Map(network?.trace.nodes.map((n) => [n.id, n]) ?? []), [network]);
  const sealed = network?.evidence.filter((e) => e.txHash !== null).length ?? 0;

  const chainCell = (r: TLinkRow) => {
    return (
      <DocumentEvidence
        evidence={evidence.get(evidenceKey(r.enterprise, r.doc)) ?? { txHash: null, blockHeight: null }}
        own={network?.trace.enterprises[r.enterprise]?.own ?? false}
        testId="product-network-verify"
      />
    );
  };
  const documentCell = (d: TTraceDocument) =>
    `${documentTypeByTypeCode(d.typeCode)?.title[lang] ?? d.typeCode} ${d.billNo}`;
  const columns = [
    {
      key: 'from',
      title: t('graph.product.columns.from'),
      render: (_v: unknown, r: TLinkRow) => {
        const n = nodes.get(r.link.from);
        return n ? lotText(n) : EMPTY_TEXT;
      },
    },
    {
      key: 'to',
      title: t('graph.product.columns.to'),
      render: (_v: unknown, r: TLinkRow) => {
        const n = nodes.get(r.link.to);
        return n ? lotText(n) : EMPTY_TEXT;
      },
    },
    {
      key: 'kind',
      title: t('graph.product.columns.kind'),
      render: (_v: unknown, r: TLinkRow) => t(`graph.product.links.${r.link.kind}`),
    },
    {
      key: 'enterprise',
      title: t('graph.product.columns.enterprise'),
      render: (_v: unknown, r: TLinkRow) => enterpriseName(r.enterprise),
    },
    {
      key: 'document',
      title: t('graph.product.columns.document'),
      render: (_v: unknown, r: TLinkRow) => documentCell(r.doc),
    },
    {
      key: 'time',
      title: t('graph.product.columns.time'),
      render: (_v: unknown, r: TLinkRow) => formatDateTime(r.doc.bizTime),
    },
    {
      key: 'chain',
      title: t('graph.product.columns.chain'),
      render: (_v: unknown, r: TLinkRow) => chainCell(r),
    },
  ];
  const selectedRows = selected
    ? rows.filter((r) => r.link.from === selected.id || r.link.to === selected.id)
    : [];

  return (
    <div className="network-page" data-testid="product-network-page">
      <Card className="th-card">
        <StartChooser
          onDraw={(next) => {
            setSelected(null);
            setRequest(next);
          }}
        />
      </Card>
      <Card
        className="th-card"
        title={
          network &&
          t('graph.product.summary', {
            lots: network.trace.nodes.length,
            companies: network.trace.enterprises.length,
            levels: network.trace.levels,
            sealed,
            documents: network.evidence.length,
          })
        }
        extra={
          network && (
            <Space wrap>
              <Space>
                <Switch checked={highlight} onChange={setHighlight} data-testid="product-network-tracing" />
                {t('graph.product.highlightTracing')}
              </Space>
              <ViewSwitch value={view} onChange={setView} drawable={drawable} testId="product-network-view" />
              {view === 'graph' && (
                <CanvasActions
                  canvas={canvas}
                  fileName={t('graph.product.fileName')}
                  testId="product-network"
                />
              )}
            </Space>
          )
        }
      >
        {!drawable && (
          <Alert type="info" showIcon message={t('graph.chain.noCanvas')} className="network-alert" />
        )}
        {network?.trace.truncated && (
          <Alert type="warning" showIcon message={t('graph.product.truncated')} className="network-alert" />
        )}
        {request === null ? (
          <Empty description={t('graph.product.prompt')} data-testid="product-network-prompt" />
        ) : query.isPending ? (
          <div className="network-loading">
            <Spin />
          </div>
        ) : !network ? (
          <Empty />
        ) : view === 'graph' ? (
          <NetworkCanvas
            ref={canvas}
            network={drawn}
            emphasised={selected ? new Set([selected.id]) : null}
            onNodeClick={(id) => setSelected(nodes.get(id) ?? null)}
            testId="product-network-canvas"
            labels="below"
            label={t('graph.product.nodesLabel')}
          />
        ) : (
          <Table<TLinkRow>
            size="small"
            rowKey="key"
            dataSource={rows}
            columns={columns}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            scroll={{ x: 1100 }}
            data-testid="product-network-list"
          />
        )}
      </Card>
      <Drawer
        open={selected !== null}
        onClose={() => setSelected(null)}
        width={720}
        title={selected ? lotText(selected) : t('graph.product.panel.title')}
        data-testid="product-network-panel"
      >
        {selected && (
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <Descriptions
              column={1}
              size="small"
              bordered
              items={[
                {
                  key: 'enterprise',
                  label: t('graph.product.panel.enterprise'),
                  children: enterpriseName(selected.enterprise),
                },
                {
                  key: 'item',
                  label: t('graph.product.panel.item'),
                  children: selected.itemCode || EMPTY_TEXT,
                },
                {
                  key: 'lot',
                  label: t('graph.product.panel.lot'),
                  children: selected.batchNo || selected.vinSn || EMPTY_TEXT,
                },
                { key: 'tier', label: t('graph.product.panel.tier'), children: tierText(selected.tier) },
                {
                  key: 'sites',
                  label: t('graph.product.panel.sites'),
                  children: selected.sites.length
                    ? selected.sites
                        .map((s) => `${s.siteName} (${s.siteCountry})`)
                        .join(t('common.listSeparator'))
                    : EMPTY_TEXT,
                },
              ]}
            />
            <div>
              <Typography.Title level={5}>{t('graph.product.panel.documents')}</Typography.Title>
              <Table<TLinkRow>
                size="small"
                rowKey="key"
                dataSource={selectedRows}
                pagination={false}
                columns={columns.filter((c) => c.key !== 'from' && c.key !== 'to')}
              />
            </div>
          </Space>
        )}
      </Drawer>
    </div>
  );
}
