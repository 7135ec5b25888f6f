import { useRef, useState, type ReactNode } from 'react';
import { App, Button, Dropdown, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TEndpoint } from '@tracehub/contract';
import { useLang, type TI18nKey } from '../../i18n';
import { useConfirm } from '../confirm';
import { usePermissions } from '../permissions';
import { textWidth } from './columnSettings';
import type { TRequestValues } from './listState';
import { resourceActions } from './standardActions';
import type {
  TActionContext,
  TListItem,
  TRenderContext,
  TResource,
  TRowAction,
  TToolbarAction,
} from './types';

/** Toolbar actions that start an empty list (issue 15, item 4). */
const STARTER_KEYS: readonly string[] = ['create', 'import', 'template'];

/** Row actions shown as links before the rest fold into "More". */
const INLINE_ROW_ACTIONS = 3;

type TDialogState<T> = { key: string; record: T | null; rows: T[] } | null;
type TAnyAction<T> = TRowAction<T> | TToolbarAction<T>;

function labelOf<A>(
  label: TI18nKey | ((target: A, ctx: TRenderContext) => string),
  target: A,
  ctx: TRenderContext,
): string {
  return typeof label === 'function' ? label(target, ctx) : ctx.t(label);
}

const NO_REQUEST: TRequestValues = {};

/** A link button's padding (6 px a side), the "More" caret, the cell's padding (8 px a side) and slack. */
const LINK_PADDING = 12;
const CARET = 14;
const CELL_PADDING = 20;
/** A name only known per row (a label function): as wide as a four-character name. */
const UNKNOWN_LABEL = 64;

/** The width the row's links take: the inline ones as `rowActions` shows them, and "More" for the rest. */
function actionWidth<T>(
  actions: readonly TRowAction<T>[],
  text: (label: TRowAction<T>['label']) => string | undefined,
  more: string,
): number {
  if (actions.length === 0) return 0;
  const inline = actions.length > INLINE_ROW_ACTIONS + 1 ? actions.slice(0, INLINE_ROW_ACTIONS) : actions;
  const links = inline.reduce((sum, a) => {
    const name = text(a.label);
    return sum + (name === undefined ? UNKNOWN_LABEL : textWidth(name)) + LINK_PADDING;
  }, 0);
  const folded = actions.length > inline.length ? textWidth(more) + CARET + LINK_PADDING : 0;
  return links + folded + CELL_PADDING;
}

/**
 * The actions of a resource as buttons: only those whose permission code the session holds (spec 6), each
 * doing its one thing (navigate, open a dialog, or confirm and run), with repeat clicks ignored while it
 * runs and the list refreshed after. The declaration's standard actions (import/export, attachments) are
 * among them. Returns the row and toolbar renderers and the open dialog.
 */
export function useResourceActions<E extends TEndpoint>(
  resource: TResource<E>,
  onSelectionDone: () => void = () => undefined,
  /** The list's current request, which an export writes out. */
  request: TRequestValues = NO_REQUEST,
) {
  type T = TListItem<E>;
  const declared = resourceActions(resource);
  const { t } = useTranslation();
  const lang = useLang();
  const can = usePermissions();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<TDialogState<T>>(null);
  const running = useRef(new Set<string>());
  // Toolbar buttons show a spinner while their run (a download of every matching row) lasts.
  const [busyKeys, setBusyKeys] = useState<ReadonlySet<string>>(() => new Set());
  const markBusy = (key: string, busy: boolean) =>
    setBusyKeys((current) => {
      const next = new Set(current);
      if (busy) next.add(key);
      else next.delete(key);
      return next;
    });
  const ctx: TRenderContext = { lang, t };
  const invalidate = () => queryClient.invalidateQueries({ queryKey: resource.keys.all });
  const actionCtx: TActionContext<T> = {
    ...ctx,
    navigate,
    confirm,
    message,
    invalidate,
    openDialog: (key, target) => setDialog({ key, record: target.record ?? null, rows: target.rows ?? [] }),
    request,
  };

  async function perform<A>(
    action: TAnyAction<T>,
    target: A,
    runKey: string,
    dialogTarget: { record?: T; rows?: T[] },
  ) {
    const blocked = (action.guard as ((t: A, c: TRenderContext) => TI18nKey | null) | undefined)?.(
      target,
      ctx,
    );
    if (blocked) {
      void message.warning(t(blocked));
      return;
    }
    if (action.dialog) {
      actionCtx.openDialog(action.dialog, dialogTarget);
      return;
    }
    const run = action.run as ((target: A, c: TActionContext<T>) => Promise<unknown>) | undefined;
    if (!run || running.current.has(runKey)) return;
    const execute = async () => {
      markBusy(runKey, true);
      try {
        await run(target, actionCtx);
      } finally {
        markBusy(runKey, false);
      }
      if (action.success) void message.success(t(action.success));
      if (action.readOnly) return;
      onSelectionDone();
      await invalidate();
    };
    running.current.add(runKey);
    try {
      const content = (action.confirm as ((t: A, c: TRenderContext) => ReactNode) | undefined)?.(target, ctx);
      if (content !== undefined) await confirm({ content, danger: action.danger, onConfirm: execute });
      else await execute();
    } catch {
      // The client already showed why.
    } finally {
      running.current.delete(runKey);
    }
  }

  const rowActionsOf = (record: T, options: { inDetail?: boolean } = {}) =>
    declared.rowActions.filter(
      (a) => can(a.permission) && (!options.inDetail || !a.listOnly) && (a.visible?.(record, ctx) ?? true),
    );

  /** Follows a row action's link, or performs it for the record. */
  const activate = (action: TRowAction<T>, record: T) => {
    if (action.to) void navigate(action.to(record));
    else void perform(action, record, `${action.key}:${String(record[resource.rowKey])}`, { record });
  };

  const rowButton = (action: TRowAction<T>, record: T, inDetail: boolean) => {
    const onClick = () => activate(action, record);
    return (
      <Button
        key={action.key}
        type={inDetail ? 'default' : 'link'}
        size={inDetail ? 'middle' : 'small'}
        danger={action.danger}
        onClick={onClick}
        data-testid={`action-${action.key}`}
      >
        {labelOf(action.label, record, ctx)}
      </Button>
    );
  };

  /** The buttons of a row (links with a "More" menu), or of a detail page (plain buttons, all shown). */
  const renderRowActions = (record: T, options: { inDetail?: boolean } = {}): ReactNode => {
    const actions = rowActionsOf(record, options);
    if (actions.length === 0) return null;
    if (options.inDetail) return <Space wrap>{actions.map((a) => rowButton(a, record, true))}</Space>;
    const inline = actions.length > INLINE_ROW_ACTIONS + 1 ? actions.slice(0, INLINE_ROW_ACTIONS) : actions;
    const folded = actions.slice(inline.length);
    return (
      <Space size={0} className="row-actions">
        {inline.map((a) => rowButton(a, record, false))}
        {folded.length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: folded.map((a) => ({
                key: a.key,
                danger: a.danger,
                label: <span data-testid={`action-${a.key}`}>{labelOf(a.label, record, ctx)}</span>,
              })),
              onClick: ({ key }) => {
                const action = folded.find((a) => a.key === key);
                if (action) activate(action, record);
              },
            }}
          >
            <Button type="link" size="small" data-testid="action-more">
              {t('common.list.more')}
              <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </Space>
    );
  };

  const toolbarActions = declared.toolbar.filter((a) => can(a.permission));

  const renderButton = (action: TToolbarAction<T>, selected: T[], testId: string): ReactNode => (
    <Button
      key={action.key}
      type={action.primary ? 'primary' : 'default'}
      danger={action.danger}
      icon={action.icon}
      disabled={action.batch === true && selected.length === 0}
      loading={busyKeys.has(action.key)}
      onClick={() =>
        action.to ? void navigate(action.to) : void perform(action, selected, action.key, { rows: selected })
      }
      data-testid={testId}
    >
      {labelOf(action.label, selected, ctx)}
    </Button>
  );

  const renderToolbar = (selected: T[]): ReactNode =>
    toolbarActions.length === 0 ? null : (
      <Space wrap className="list-toolbar">
        {toolbarActions.map((action) => renderButton(action, selected, `toolbar-${action.key}`))}
        {selected.length > 0 && (
          <span className="list-selected" data-testid="list-selected">
            {t('common.list.selected', { count: selected.length })}
          </span>
        )}
      </Space>
    );

  // The first steps an empty list offers, among the member's toolbar actions: create, import, template.
  const starters = toolbarActions.filter((a) => !a.batch && STARTER_KEYS.includes(a.key));
  const renderStarters = (): ReactNode =>
    starters.length === 0 ? null : (
      <Space wrap className="list-starters">
        {starters.map((action) => renderButton(action, [], `empty-${action.key}`))}
      </Space>
    );

  const Dialog = dialog ? declared.dialogs[dialog.key] : undefined;
  const dialogElement =
    dialog && Dialog ? (
      <Dialog
        record={dialog.record}
        rows={dialog.rows}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          onSelectionDone();
          void invalidate();
        }}
        refresh={() => void invalidate()}
      />
    ) : null;

  return {
    renderRowActions,
    renderToolbar,
    renderStarters,
    dialogElement,
    hasRowActions: declared.rowActions.some((a) => can(a.permission)),
    /** The action column's width: the inline links' names (and "More") as this language writes them. */
    actionColumnWidth: actionWidth(
      declared.rowActions.filter((a) => can(a.permission)),
      (label) => (typeof label === 'function' ? undefined : t(label)),
      t('common.list.more'),
    ),
    hasBatch: toolbarActions.some((a) => a.batch),
  };
}
