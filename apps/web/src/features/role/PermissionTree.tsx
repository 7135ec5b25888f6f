import { useMemo, useState } from 'react';
import { Button, Checkbox, Empty, Input, Space, Tag, Tree, type TreeDataNode } from 'antd';
import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pickLangText, useLang, type TI18nKey } from '../../i18n';
import type { TRenderContext } from '../../shared/options';
import { allCodes, toggleNode, treeCheckState, type TPermissionNode } from './permissionTree';

const TYPE_TAGS: Record<number, { label: TI18nKey; color: string }> = {
  0: { label: 'account.role.config.nodeType.module', color: 'cyan' },
  1: { label: 'account.role.config.nodeType.page', color: 'blue' },
  2: { label: 'account.role.config.nodeType.action', color: 'default' },
  3: { label: 'account.role.config.nodeType.page', color: 'blue' },
};

function treeData(nodes: readonly TPermissionNode[], ctx: TRenderContext): TreeDataNode[] {
  return nodes.map((node) => {
    const tag = TYPE_TAGS[node.type];
    return {
      key: node.key,
      title: (
        <span className="permission-node" data-code={node.code}>
          {pickLangText(ctx.lang, node.title, node.titleEn)}
          {tag && (
            <Tag color={tag.color} bordered={false} className="permission-node-type">
              {ctx.t(tag.label)}
            </Tag>
          )}
        </span>
      ),
      children: treeData(node.children, ctx),
    };
  });
}

function branchKeys(nodes: readonly TPermissionNode[]): string[] {
  return nodes.flatMap((n) => (n.children.length ? [n.key, ...branchKeys(n.children)] : []));
}

/** The function permissions of a role, read-only: only what is granted, all expanded. */
export function PermissionTreeView({ nodes }: { nodes: readonly TPermissionNode[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (nodes.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('account.role.config.empty')} />;
  }
  return (
    <Tree
      className="permission-tree"
      selectable={false}
      expandedKeys={branchKeys(nodes)}
      treeData={treeData(nodes, { lang, t })}
      data-testid="permission-tree-view"
    />
  );
}

/** Whether a node or anything below it matches the search (its title in either language, or its code). */
function matches(node: TPermissionNode, query: string): boolean {
  if (!query) return true;
  const q = query.toLowerCase();
  return (
    node.title.toLowerCase().includes(q) ||
    node.titleEn.toLowerCase().includes(q) ||
    node.code.toLowerCase().includes(q) ||
    node.children.some((c) => matches(c, q))
  );
}

type TState = 'checked' | 'indeterminate' | 'unchecked';

/** What one checkbox of the picker needs: the node's state and how to tick it. */
interface TPickerContext {
  state: (node: TPermissionNode) => TState;
  toggle: (node: TPermissionNode, checked: boolean) => void;
  label: (node: TPermissionNode) => string;
  query: string;
}

function NodeCheckbox({
  node,
  ctx,
  strong,
}: {
  node: TPermissionNode;
  ctx: TPickerContext;
  strong?: boolean;
}) {
  const state = ctx.state(node);
  return (
    <span
      className={strong ? 'permission-check permission-check-strong' : 'permission-check'}
      data-code={node.code}
      data-state={state}
    >
      <Checkbox
        checked={state === 'checked'}
        indeterminate={state === 'indeterminate'}
        onChange={(e) => ctx.toggle(node, e.target.checked)}
        onClick={(e) => e.stopPropagation()}
      >
        {ctx.label(node)}
      </Checkbox>
    </span>
  );
}

/** A page and its operations on one line: the page's box grants it and all its operations. */
function PageRow({ page, ctx }: { page: TPermissionNode; ctx: TPickerContext }) {
  const actions = page.children.filter((a) => matches(a, ctx.query) || matches(page, ctx.query));
  return (
    <div className="permission-page" data-page-code={page.code}>
      <div className="permission-page-name">
        <NodeCheckbox node={page} ctx={ctx} />
      </div>
      <div className="permission-page-actions">
        {actions.map((action) => (
          <NodeCheckbox key={action.key} node={action} ctx={ctx} />
        ))}
      </div>
    </div>
  );
}

/** The pages of a module, and its sub-modules with their pages under a heading. */
function ModuleBody({ module, ctx }: { module: TPermissionNode; ctx: TPickerContext }) {
  return (
    <>
      {module.children
        .filter((child) => matches(child, ctx.query))
        .map((child) =>
          child.type === 0 ? (
            <div key={child.key} className="permission-group">
              <div className="permission-group-title">
                <NodeCheckbox node={child} ctx={ctx} strong />
              </div>
              <ModuleBody module={child} ctx={ctx} />
            </div>
          ) : (
            <PageRow key={child.key} page={child} ctx={ctx} />
          ),
        )}
    </>
  );
}

/** Pages and operations below a node, and how many of them are granted. */
function grantCount(node: TPermissionNode, granted: ReadonlySet<string>): { granted: number; total: number } {
  let total = 0;
  let count = 0;
  const visit = (n: TPermissionNode) => {
    if (n.type !== 0) {
      total++;
      if (granted.has(n.code)) count++;
    }
    n.children.forEach(visit);
  };
  node.children.forEach(visit);
  return { granted: count, total };
}

/**
 * The function permissions as a form control whose value is the granted codes: one collapsed section per
 * module (its box grants or withdraws the whole module, its header counts what is granted), inside it a
 * line per page with its operations beside it, and a search over titles and codes that opens the sections
 * it finds something in. Ticks cascade by the rules of toggleNode.
 */
export function PermissionTreeInput({
  nodes,
  value = [],
  onChange,
  id,
}: {
  nodes: readonly TPermissionNode[];
  value?: string[];
  onChange?: (codes: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [query, setQuery] = useState('');
  const check = useMemo(() => treeCheckState(nodes, value), [nodes, value]);
  const checked = useMemo(() => new Set(check.checked), [check]);
  const half = useMemo(() => new Set(check.halfChecked), [check]);
  const granted = useMemo(() => new Set(value), [value]);
  const ctx: TPickerContext = {
    state: (node) => (checked.has(node.key) ? 'checked' : half.has(node.key) ? 'indeterminate' : 'unchecked'),
    toggle: (node, on) => onChange?.(toggleNode(nodes, value, node.key, on)),
    label: (node) => pickLangText(lang, node.title, node.titleEn),
    query: query.trim(),
  };
  const shown = nodes.filter((n) => matches(n, ctx.query));
  const isOpen = (node: TPermissionNode) => (ctx.query ? true : open.has(node.key));
  const toggleOpen = (node: TPermissionNode) =>
    setOpen((before) => {
      const next = new Set(before);
      if (next.has(node.key)) next.delete(node.key);
      else next.add(node.key);
      return next;
    });
  const overall = grantCount(
    { key: '', code: '', type: 0, title: '', titleEn: '', children: [...nodes] },
    granted,
  );
  return (
    <div className="permission-picker" id={id} data-testid="permission-tree">
      <div className="permission-picker-tools">
        <Input.Search
          allowClear
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('account.role.config.searchPlaceholder')}
          aria-label={t('account.role.config.searchPlaceholder')}
          className="permission-search"
          data-testid="permission-search"
        />
        <Space wrap>
          <Button size="small" onClick={() => setOpen(new Set(nodes.map((n) => n.key)))}>
            {t('account.role.config.expandAll')}
          </Button>
          <Button size="small" onClick={() => setOpen(new Set())}>
            {t('account.role.config.collapseAll')}
          </Button>
          <Button size="small" onClick={() => onChange?.(allCodes(nodes))} data-testid="permission-check-all">
            {t('account.role.config.checkAll')}
          </Button>
          <Button size="small" onClick={() => onChange?.([])}>
            {t('account.role.config.clearAll')}
          </Button>
        </Space>
        <span className="permission-picker-count" data-testid="permission-count">
          {t('account.role.config.grantedCount', overall)}
        </span>
      </div>
      {shown.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('account.role.config.noMatch')} />
      )}
      {shown.map((node) => {
        if (node.type !== 0) {
          // A page at the top (the workbench): a section of its own, its operations inside.
          return (
            <div key={node.key} className="permission-section">
              <div className="permission-section-header">
                <span className="permission-caret" />
                <NodeCheckbox node={node} ctx={ctx} strong />
              </div>
              {node.children.length > 0 && (
                <div className="permission-section-body">
                  <PageRow page={node} ctx={ctx} />
                </div>
              )}
            </div>
          );
        }
        const count = grantCount(node, granted);
        const expanded = isOpen(node);
        return (
          <div key={node.key} className="permission-section" data-open={expanded ? '1' : '0'}>
            <div
              className="permission-section-header"
              onClick={() => toggleOpen(node)}
              data-testid={`permission-module-${node.code}`}
            >
              <button
                type="button"
                className="permission-expand"
                aria-expanded={expanded}
                aria-label={t(expanded ? 'account.role.config.collapse' : 'account.role.config.expand', {
                  name: ctx.label(node),
                })}
                onClick={(e) => {
                  e.stopPropagation();
                  toggleOpen(node);
                }}
              >
                {expanded ? <DownOutlined /> : <RightOutlined />}
              </button>
              <NodeCheckbox node={node} ctx={ctx} strong />
              <span className="permission-section-count">{t('account.role.config.moduleCount', count)}</span>
            </div>
            <div className="permission-section-body" hidden={!expanded}>
              <ModuleBody module={node} ctx={ctx} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
