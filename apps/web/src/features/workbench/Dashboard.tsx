import { useMemo, type ReactNode } from 'react';
import { Card, Col, Empty, Row, Space, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BILL_STAGES,
  CHECK_LEVEL_LABELS,
  DASHBOARD_IMPORT_DAYS,
  MESSAGE_TYPES,
  api,
  type TBillStageName,
  type TDashboard,
  type TMessageType,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { usePageRoutes, type TPageRoute } from '../../app/menuRoutes';
import { pickLangText, useLang } from '../../i18n';
import { EChart, type TEChartOption } from '../../shared/EChart';
import { formatNumber } from '../../shared/format';

/** A page of this member's menu by its code (its path and title), or null when the menu does not offer it. */
function usePageOf(): (code: string) => TPageRoute | null {
  const routes = usePageRoutes();
  return useMemo(() => {
    const byCode = new Map(routes.filter((r) => !r.node.hidden).map((r) => [r.node.code, r]));
    return (code) => byCode.get(code) ?? null;
  }, [routes]);
}

/** Where a page code opens in this member's menu, or null. */
function usePathOf(): (code: string) => string | null {
  const pageOf = usePageOf();
  return (code) => pageOf(code)?.path ?? null;
}

const STAGE_NAMES = new Map(
  Object.entries(BILL_STAGES).map(([name, code]) => [code as number, name as TBillStageName]),
);

/** A stage's words (its BILL_STAGES name's label). */
function useStageName(): (stage: number) => string {
  const { t } = useTranslation();
  return (stage) => {
    const name = STAGE_NAMES.get(stage);
    return name ? t(`workbench.dashboard.stages.${name}`) : String(stage);
  };
}

/** A month 'YYYY-MM' as the epoch-ms range a list's time search takes. */
function monthRange(month: string): { from: number; to: number } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: Date.UTC(y, m - 1, 1), to: Date.UTC(y, m, 1) - 1 };
}

const LEVEL_COLOURS = { fatal: '#cf1322', urgent: '#fa8c16', minor: '#fadb14' } as const;

function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card className="th-card" title={title} data-testid={testId}>
      {children}
    </Card>
  );
}

/** Links under a chart: its figures in words, each opening the list it counts (and read by screen readers). */
function FigureLinks({
  items,
}: {
  items: { key: string; label: string; to: string | null; testId: string }[];
}) {
  return (
    <Space wrap size={[16, 4]} className="dashboard-links">
      {items.map((i) =>
        i.to ? (
          <Link key={i.key} to={i.to} data-testid={i.testId}>
            {i.label}
          </Link>
        ) : (
          <Typography.Text key={i.key} type="secondary">
            {i.label}
          </Typography.Text>
        ),
      )}
    </Space>
  );
}

function DocumentsPanel({ board }: { board: TDashboard }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathOf = usePathOf();
  const stageName = useStageName();
  const stages = board.documents?.stages ?? [];
  /** The stage's busiest readable page, filtered to the month when one is given. */
  const target = (index: number, month?: string) => {
    const page = stages[index]?.pages.find((p) => pathOf(p.code));
    const path = page ? pathOf(page.code) : null;
    if (!path) return null;
    if (!month) return path;
    const { from, to } = monthRange(month);
    return `${path}?bizFrom=${from}&bizTo=${to}`;
  };
  const option: TEChartOption = {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 40, right: 16, top: 16, bottom: 56 },
    xAxis: { type: 'category', data: board.months },
    yAxis: { type: 'value', minInterval: 1 },
    series: stages.map((s) => ({
      type: 'bar',
      stack: 'documents',
      name: stageName(s.stage),
      data: s.counts,
    })),
  };
  const total = stages.flatMap((s) => s.counts).reduce((a, b) => a + b, 0);
  return (
    <Panel title={t('workbench.dashboard.documents')} testId="dashboard-documents">
      <EChart
        option={option}
        testId="dashboard-documents-chart"
        label={t('workbench.dashboard.documents')}
        onClick={(item) => {
          const to = target(item.seriesIndex ?? 0, board.months[item.dataIndex]);
          if (to) void navigate(to);
        }}
      />
      <FigureLinks
        items={stages.map((s, i) => ({
          key: String(s.stage),
          label: `${stageName(s.stage)}: ${formatNumber(s.counts.reduce((a, b) => a + b, 0))}`,
          to: target(i),
          testId: `dashboard-stage-${s.stage}`,
        }))}
      />
      {total === 0 && (
        <Typography.Text type="secondary">{t('workbench.dashboard.noDocuments')}</Typography.Text>
      )}
    </Panel>
  );
}

function LedgerPanel({ board }: { board: TDashboard }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathOf = usePathOf();
  const ledger = board.ledger!;
  const to = pathOf('ChainRecords');
  const option: TEChartOption = {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 48, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: board.months },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'line',
        name: t('workbench.dashboard.sealed'),
        data: ledger.sealed,
        smooth: true,
        areaStyle: {},
      },
      { type: 'line', name: t('workbench.dashboard.pending'), data: ledger.pending, smooth: true },
    ],
  };
  return (
    <Panel title={t('workbench.dashboard.ledger')} testId="dashboard-ledger">
      <Row gutter={16}>
        <Col span={8}>
          <Statistic title={t('workbench.dashboard.sealed')} value={ledger.totalSealed} />
        </Col>
        <Col span={8}>
          <Statistic title={t('workbench.dashboard.pending')} value={ledger.totalPending} />
        </Col>
        <Col span={8}>
          <Statistic title={t('workbench.dashboard.anchored')} value={ledger.anchored} />
        </Col>
      </Row>
      <EChart
        option={option}
        height={200}
        testId="dashboard-ledger-chart"
        label={t('workbench.dashboard.ledger')}
        onClick={() => to && void navigate(to)}
      />
      <FigureLinks
        items={[
          {
            key: 'records',
            label: t('workbench.dashboard.openRecords'),
            to,
            testId: 'dashboard-ledger-link',
          },
        ]}
      />
    </Panel>
  );
}

function ImportsPanel({ board }: { board: TDashboard }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const pageOf = usePageOf();
  const pages = board.imports!.pages;
  const named = (code: string) => {
    const route = pageOf(code);
    return {
      title: route ? pickLangText(lang, route.node.title, route.node.titleEn) : code,
      to: route ? `${route.path}/uploadOperation` : null,
    };
  };
  const option: TEChartOption = {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 40, right: 16, top: 16, bottom: 48, containLabel: true },
    xAxis: {
      type: 'category',
      data: pages.map((p) => named(p.code).title),
      axisLabel: { interval: 0, rotate: 20 },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: t('workbench.dashboard.importsCompleted'),
        data: pages.map((p) => p.completed),
        stack: 'i',
      },
      {
        type: 'bar',
        name: t('workbench.dashboard.importsFailed'),
        data: pages.map((p) => p.failed),
        stack: 'i',
      },
    ],
  };
  return (
    <Panel
      title={t('workbench.dashboard.imports', { days: DASHBOARD_IMPORT_DAYS })}
      testId="dashboard-imports"
    >
      {pages.length === 0 ? (
        <Empty description={t('workbench.dashboard.noImports')} />
      ) : (
        <>
          <EChart
            option={option}
            height={220}
            testId="dashboard-imports-chart"
            label={t('workbench.dashboard.imports', { days: DASHBOARD_IMPORT_DAYS })}
            onClick={(item) => {
              const to = named(pages[item.dataIndex]?.code ?? '').to;
              if (to) void navigate(to);
            }}
          />
          <FigureLinks
            items={pages.map((p) => ({
              key: p.code,
              label: t('workbench.dashboard.importLine', {
                page: named(p.code).title,
                completed: p.completed,
                failed: p.failed,
                rows: p.refusedRows,
              }),
              to: named(p.code).to,
              testId: `dashboard-import-${p.code}`,
            }))}
          />
        </>
      )}
    </Panel>
  );
}

function FindingsPanel({ board }: { board: TDashboard }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const findings = board.findings?.latest ?? null;
  const to = findings ? `/dataChecking/checkLog/detail?taskId=${encodeURIComponent(findings.taskId)}` : null;
  const levels = (['fatal', 'urgent', 'minor'] as const).map((level) => ({
    level,
    value: findings?.counts[level] ?? 0,
  }));
  const option: TEChartOption = {
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['45%', '70%'],
        // Zero slices would only crowd the labels.
        data: levels
          .filter((l) => l.value > 0)
          .map((l) => ({
            name: CHECK_LEVEL_LABELS[l.level][lang],
            value: l.value,
            itemStyle: { color: LEVEL_COLOURS[l.level] },
          })),
      },
    ],
  };
  return (
    <Panel title={t('workbench.dashboard.findings')} testId="dashboard-findings">
      {!findings ? (
        <Empty description={t('workbench.dashboard.noFindings')} />
      ) : levels.every((l) => l.value === 0) ? (
        // A pie of nothing would draw equal slices: say it passed, and still open the task.
        <Space direction="vertical" data-testid="dashboard-findings-clean">
          <Typography.Text type="success">{t('workbench.dashboard.clean')}</Typography.Text>
          {to && <Link to={to}>{t('workbench.dashboard.openTask')}</Link>}
        </Space>
      ) : (
        <>
          <EChart
            option={option}
            height={200}
            testId="dashboard-findings-chart"
            label={t('workbench.dashboard.findings')}
            onClick={() => to && void navigate(to)}
          />
          <FigureLinks
            items={levels.map((l) => ({
              key: l.level,
              label: `${CHECK_LEVEL_LABELS[l.level][lang]}: ${l.value}`,
              to,
              testId: `dashboard-findings-${l.level}`,
            }))}
          />
        </>
      )}
    </Panel>
  );
}

function MessagesPanel({ board }: { board: TDashboard }) {
  const { t } = useTranslation();
  const lang = useLang();
  const pathOf = usePathOf();
  const to = pathOf('MessageList');
  const typeName = (type: string) => MESSAGE_TYPES[type as TMessageType]?.name[lang] ?? type;
  return (
    <Panel title={t('workbench.dashboard.messages')} testId="dashboard-messages">
      <Statistic title={t('workbench.dashboard.unread')} value={board.messages.unread} />
      <FigureLinks
        items={[
          ...board.messages.byType.map((m) => ({
            key: m.type,
            label: `${typeName(m.type)}: ${m.count}`,
            to: to ? `${to}?status=unread&type=${encodeURIComponent(m.type)}` : null,
            testId: `dashboard-message-${m.type}`,
          })),
          { key: 'all', label: t('workbench.dashboard.openMessages'), to, testId: 'dashboard-messages-link' },
        ]}
      />
    </Panel>
  );
}

/**
 * The workbench dashboard (issue 18 item 3): what the member checks each morning, each panel present only
 * when the member may open the pages it counts; each chart and figure opens its list.
 */
export function Dashboard() {
  const query = useQuery({
    queryKey: ['workbench', 'dashboard'],
    queryFn: () => call(api.workbench.dashboard, {}, { silent: true }),
  });
  const board = query.data;
  if (!board) return null;
  const panels: { key: string; span: number; node: ReactNode }[] = [
    ...(board.documents ? [{ key: 'documents', span: 16, node: <DocumentsPanel board={board} /> }] : []),
    { key: 'messages', span: 8, node: <MessagesPanel board={board} /> },
    ...(board.ledger ? [{ key: 'ledger', span: 12, node: <LedgerPanel board={board} /> }] : []),
    ...(board.findings ? [{ key: 'findings', span: 12, node: <FindingsPanel board={board} /> }] : []),
    ...(board.imports ? [{ key: 'imports', span: 12, node: <ImportsPanel board={board} /> }] : []),
  ];
  return (
    <Row gutter={[16, 16]} data-testid="dashboard">
      {panels.map((p) => (
        <Col key={p.key} xs={24} xl={p.span}>
          {p.node}
        </Col>
      ))}
    </Row>
  );
}
