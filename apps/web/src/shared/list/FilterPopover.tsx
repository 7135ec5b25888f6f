import { useState } from 'react';
import { Button, Checkbox, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../i18n';
import { useOptions } from '../options';
import { sameSelection } from './listState';
import type { TColumnFilter } from './types';

type TValue = string | number;

/**
 * The table filter popover of spec 2.5: a column header's choices with Reset and Confirm. Confirm is
 * enabled only while the selection differs from the one last confirmed (the list's current filter).
 */
export function FilterPopover({
  filter,
  confirmed,
  onConfirm,
}: {
  filter: TColumnFilter;
  confirmed: readonly TValue[];
  onConfirm: (values: TValue[]) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const options = useOptions(filter.options, { lang, t });
  const [selection, setSelection] = useState<TValue[]>(() => [...confirmed]);
  const changed = !sameSelection(selection, confirmed);
  return (
    <div className="filter-popover" data-testid="filter-popover">
      <div className="filter-popover-options">
        {filter.multiple ? (
          <Checkbox.Group
            value={selection}
            onChange={(values) => setSelection(values)}
            options={options.map((o) => ({ label: o.label, value: o.value }))}
          />
        ) : (
          <Radio.Group
            value={selection[0]}
            onChange={(event) => setSelection([event.target.value as TValue])}
            options={options.map((o) => ({ label: o.label, value: o.value }))}
          />
        )}
      </div>
      <Space className="filter-popover-buttons">
        <Button size="small" type="link" disabled={selection.length === 0} onClick={() => setSelection([])}>
          {t('common.actions.reset')}
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={!changed}
          onClick={() => onConfirm(selection)}
          data-testid="filter-confirm"
        >
          {t('common.actions.confirm')}
        </Button>
      </Space>
    </div>
  );
}
