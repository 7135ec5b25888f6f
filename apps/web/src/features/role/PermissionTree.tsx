import { useState } from 'react';
import { Button, Empty, Space, Tag, Tree, type TreeDataNode } from 'antd';
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

/**
 * The function permissions as a checkbox tree of modules, pages and operations (a form control whose
 * value is the granted codes). Ticks cascade by the rules of toggleNode.
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
  const [expanded, setExpanded] = useState<string[]>(() => branchKeys(nodes));
  return (
    <div className="permission-tree-input" id={id}>
      <Space className="permission-tree-tools" wrap>
        <Button size="small" onClick={() => setExpanded(branchKeys(nodes))}>
          {t('account.role.config.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('account.role.config.collapseAll')}
        </Button>
        <Button size="small" onClick={() => onChange?.(allCodes(nodes))} data-testid="permission-check-all">
          {t('account.role.config.checkAll')}
        </Button>
        <Button size="small" onClick={() => onChange?.([])}>
          {t('account.role.config.clearAll')}
        </Button>
      </Space>
      <Tree
        className="permission-tree"
        checkable
        checkStrictly
        selectable={false}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        checkedKeys={treeCheckState(nodes, value)}
        onCheck={(_keys, info) => onChange?.(toggleNode(nodes, value, String(info.node.key), info.checked))}
        treeData={treeData(nodes, { lang, t })}
        data-testid="permission-tree"
      />
    </div>
  );
}
