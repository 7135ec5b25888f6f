import { useCallback, useMemo, useState } from 'react';
import { Button, Checkbox, Popover } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session';
import { useMediaQuery } from '../useMediaQuery';
import {
  columnStorageKey,
  moveColumn,
  parseColumnSettings,
  resolveColumns,
  settingsOf,
  toggleColumn,
  type TColumnChoice,
  type TColumnMeta,
} from './columnSettings';

/** Below this width (antd's md breakpoint) a list shows a card per row instead of the table. */
const NARROW_QUERY = '(max-width: 767.98px)';

/** Whether the window is phone-narrow now (follows a resize or a rotation). */
export const useNarrow = (): boolean => useMediaQuery(NARROW_QUERY);

const readStored = (key: string | null) => {
  if (!key) return null;
  try {
    return parseColumnSettings(window.localStorage.getItem(key));
  } catch {
    return null;
  }
};

/**
 * The columns a member chose for a list, kept in this browser per account, enterprise and list (a choice
 * of how to read, not data: nothing the server needs to know), over the declaration's defaults.
 */
export function useColumnChoices(list: string, metas: readonly TColumnMeta[]) {
  const userId = useSession((s) => s.userInfo?.userId);
  const enterprise = useSession((s) => s.userInfo?.enterpriseUuid) ?? '';
  const storageKey = userId === undefined ? null : columnStorageKey(userId, enterprise, list);
  // Re-read when the key changes (another member, another enterprise); a change made here is kept.
  const [saved, setSaved] = useState(() => ({ key: storageKey, settings: readStored(storageKey) }));
  const settings = saved.key === storageKey ? saved.settings : readStored(storageKey);
  const choices = useMemo(() => resolveColumns(metas, settings), [metas, settings]);
  const save = useCallback(
    (next: TColumnChoice[] | null) => {
      const stored = next && settingsOf(next);
      setSaved({ key: storageKey, settings: stored });
      if (!storageKey) return;
      try {
        if (stored) window.localStorage.setItem(storageKey, JSON.stringify(stored));
        else window.localStorage.removeItem(storageKey);
      } catch {
        // Storage full or denied: the choice holds until the page is left.
      }
    },
    [storageKey],
  );
  return { choices, save };
}

/**
 * The column-settings control of a list: each column with a checkbox (shown or hidden) and arrows to move
 * it; the key column stays first and shown; "Reset" returns to the declaration's defaults.
 */
export function ColumnSettings({
  choices,
  labels,
  keyIds,
  onChange,
}: {
  choices: readonly TColumnChoice[];
  /** Each column's name in the current language, by id. */
  labels: ReadonlyMap<string, string>;
  keyIds: ReadonlySet<string>;
  /** null: back to the defaults. */
  onChange: (next: TColumnChoice[] | null) => void;
}) {
  const { t } = useTranslation();
  const content = (
    <div className="column-settings" data-testid="column-settings-panel">
      <ol className="column-settings-list">
        {choices.map((c, index) => {
          const label = labels.get(c.id) ?? c.id;
          const fixed = keyIds.has(c.id);
          return (
            <li key={c.id} className="column-settings-item" data-column={c.id}>
              <Checkbox
                checked={c.visible}
                disabled={fixed}
                onChange={(e) => onChange(toggleColumn(choices, c.id, e.target.checked, keyIds))}
                data-testid={`column-toggle-${c.id}`}
              >
                {label}
              </Checkbox>
              <span className="column-settings-move">
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('common.list.columnUp', { column: label })}
                  disabled={fixed || index === 0 || keyIds.has(choices[index - 1]!.id)}
                  onClick={() => onChange(moveColumn(choices, c.id, -1, keyIds))}
                  data-testid={`column-up-${c.id}`}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('common.list.columnDown', { column: label })}
                  disabled={fixed || index === choices.length - 1}
                  onClick={() => onChange(moveColumn(choices, c.id, 1, keyIds))}
                  data-testid={`column-down-${c.id}`}
                />
              </span>
            </li>
          );
        })}
      </ol>
      <div className="column-settings-footer">
        <Button size="small" type="link" onClick={() => onChange(null)} data-testid="column-settings-reset">
          {t('common.list.columnsReset')}
        </Button>
      </div>
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" title={t('common.list.columns')}>
      <Button icon={<SettingOutlined />} data-testid="column-settings">
        {t('common.list.columns')}
      </Button>
    </Popover>
  );
}
