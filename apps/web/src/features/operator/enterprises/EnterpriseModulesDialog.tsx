import { useState } from 'react';
import { App, Button, Checkbox, Space, Tag, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  api,
  defaultVinTables,
  DOCUMENT_TYPES,
  ENTERPRISE_MENU_TREE,
  enterpriseKind,
} from '@tracehub/contract';
import { call } from '../../../api/client';
import { pickLangText, useLang } from '../../../i18n';
import { AppDialog } from '../../../shared/AppDialog';
import type { TListItem, TRenderContext, TResourceDialogProps } from '../../../shared/list/types';
import {
  configuredKeys,
  moduleKeysOf,
  moduleNodes,
  modulesWithUnconfigured,
  pageCodesOf,
  unconfiguredFromChecked,
  type TModuleNode,
} from './moduleTree';

type TEnterpriseRow = TListItem<typeof api.operator.enterprisePage>;

const DIALOG_WIDTH = 720;
const NODES: readonly TModuleNode[] = moduleNodes(ENTERPRISE_MENU_TREE);
const PAGE_COUNT = pageCodesOf(NODES).length;
const VIN_TABLES = DOCUMENT_TYPES.filter((d) => d.family === 'internal');

/** "Coming later" once per branch: on the highest node that is not built yet, not on each page of it. */
function treeData(
  nodes: readonly TModuleNode[],
  ctx: TRenderContext,
  parentAvailable = true,
): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title: (
      <span className="module-node" data-code={node.code} data-testid={`module-node-${node.code}`}>
        {pickLangText(ctx.lang, node.title, node.titleEn)}
        {!node.available && parentAvailable && (
          <Tag bordered={false} className="module-node-later">
            {ctx.t('operator.enterprise.modules.later')}
          </Tag>
        )}
      </span>
    ),
    children: node.children.length ? treeData(node.children, ctx, node.available) : undefined,
  }));
}

/**
 * Which modules the platform configures for an enterprise (spec 6): a checkbox tree of the menu's
 * modules and pages, ticked = configured. Unticked pages stay in the enterprise's menu with the message
 * to contact the enterprise administrator.
 */
export function EnterpriseModulesDialog({ record, onClose, onDone }: TResourceDialogProps<TEnterpriseRow>) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [unconfigured, setUnconfigured] = useState<string[]>(() => record?.unconfiguredCodes ?? []);
  const [expanded, setExpanded] = useState<string[]>(() => modulesWithUnconfigured(NODES, unconfigured));
  // The VIN tables it uses: null follows its kind (contract defaultVinTables).
  const [vinTables, setVinTables] = useState<string[] | null>(() => record?.vinTables ?? null);
  const [submitting, setSubmitting] = useState(false);
  if (!record) return null;
  const kind = enterpriseKind(record.role, record.businessAttribute);
  const kindTables = defaultVinTables(kind);

  const save = async () => {
    if (submitting) return;
    setSubmitting(true);
    try {
      await call(api.operator.enterpriseModules, {
        enterpriseUuid: record.enterpriseUuid,
        unconfiguredCodes: unconfigured,
      });
      await call(api.operator.enterpriseVinTables, { enterpriseUuid: record.enterpriseUuid, vinTables });
      void message.success(t('operator.enterprise.modules.saved'));
      onDone();
    } catch {
      // Shown by the client.
    } finally {
      setSubmitting(false);
    }
  };

  const checked = configuredKeys(NODES, unconfigured);
  return (
    <AppDialog
      open
      title={t('operator.enterprise.modules.title', {
        name: pickLangText(lang, record.name, record.englishName),
      })}
      width={DIALOG_WIDTH}
      onCancel={onClose}
      onConfirm={() => void save()}
      submitting={submitting}
      testId="modules-dialog"
    >
      <p className="modules-hint">{t('operator.enterprise.modules.hint')}</p>
      <div className="modules-toolbar">
        <Space wrap>
          <Button size="small" onClick={() => setExpanded(moduleKeysOf(NODES))}>
            {t('operator.enterprise.modules.expandAll')}
          </Button>
          <Button size="small" onClick={() => setExpanded([])}>
            {t('operator.enterprise.modules.collapseAll')}
          </Button>
          <Button size="small" onClick={() => setUnconfigured([])} data-testid="modules-check-all">
            {t('operator.enterprise.modules.checkAll')}
          </Button>
        </Space>
        <span
          className="modules-summary"
          data-testid="modules-summary"
          data-configured={checked.length}
          data-total={PAGE_COUNT}
        >
          {t('operator.enterprise.modules.summary', { configured: checked.length, total: PAGE_COUNT })}
        </span>
      </div>
      <div className="modules-tree-scroll">
        <Tree
          className="modules-tree"
          checkable
          selectable={false}
          checkedKeys={checked}
          onCheck={(keys) =>
            setUnconfigured(unconfiguredFromChecked(NODES, Array.isArray(keys) ? keys : keys.checked))
          }
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(String))}
          treeData={treeData(NODES, { lang, t })}
          data-testid="modules-tree"
        />
      </div>
      <section className="modules-vin-tables" data-testid="modules-vin-tables">
        <h4>{t('operator.enterprise.modules.vinTables.title')}</h4>
        <p className="modules-hint">{t('operator.enterprise.modules.vinTables.hint')}</p>
        <Checkbox
          checked={vinTables === null}
          onChange={(e) => setVinTables(e.target.checked ? null : [...kindTables])}
          data-testid="modules-vin-kind"
        >
          {t('operator.enterprise.modules.vinTables.kindDefault', {
            kind: t(`operator.enterprise.kinds.${kind ?? 'none'}`),
          })}
        </Checkbox>
        <Checkbox.Group
          className="modules-vin-list"
          disabled={vinTables === null}
          value={vinTables ?? [...kindTables]}
          onChange={(values) => setVinTables(values.map(String))}
          options={VIN_TABLES.map((d) => ({
            value: d.code,
            label: pickLangText(lang, d.title.zh, d.title.en),
          }))}
        />
      </section>
    </AppDialog>
  );
}
