import { useMemo } from 'react';
import { Checkbox, Collapse, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHECK_LEVEL_LABELS, type TCheckInfo, type TCheckKindInfo, type TLang } from '@tracehub/contract';

/**
 * The checks of a rule package to choose from, kind by kind (a panel each, closed until opened, with its
 * count chosen and a box that takes or leaves the kind whole): a Form control whose value is the chosen
 * check ids.
 */
export function CheckPicker({
  kinds,
  checks,
  lang,
  value = [],
  onChange,
}: {
  kinds: readonly TCheckKindInfo[];
  checks: readonly TCheckInfo[];
  lang: TLang;
  value?: string[];
  onChange?: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const chosen = useMemo(() => new Set(value), [value]);
  const byKind = useMemo(
    () => kinds.map((k) => ({ kind: k, checks: checks.filter((c) => c.kind === k.id) })),
    [kinds, checks],
  );
  // Kept in the package's order, whatever order they were ticked in.
  const emit = (next: Set<string>) => onChange?.(checks.filter((c) => next.has(c.id)).map((c) => c.id));
  const setKind = (ids: readonly string[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    emit(next);
  };
  return (
    <div data-testid="check-rules">
      <Space style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">
          {t('checking.create.chosen', { count: value.length, total: checks.length })}
        </Typography.Text>
        <Typography.Link onClick={() => emit(new Set(checks.map((c) => c.id)))} data-testid="check-rules-all">
          {t('checking.create.chooseAll')}
        </Typography.Link>
        <Typography.Link onClick={() => emit(new Set())} data-testid="check-rules-none">
          {t('checking.create.chooseNone')}
        </Typography.Link>
      </Space>
      <Collapse
        size="small"
        items={byKind.map(({ kind, checks: ofKind }) => {
          const ids = ofKind.map((c) => c.id);
          const count = ids.filter((id) => chosen.has(id)).length;
          return {
            key: kind.id,
            label: (
              <span
                data-testid={`check-kind-${kind.id}`}
              >{`${kind.name[lang]} (${count}/${ids.length})`}</span>
            ),
            // The whole kind, taken or left: a box of its own beside the header (a click on it opens nothing).
            extra: (
              <Checkbox
                checked={count === ids.length}
                indeterminate={count > 0 && count < ids.length}
                onClick={(e) => e.stopPropagation()}
                onChange={(e) => setKind(ids, e.target.checked)}
                data-testid={`check-kind-all-${kind.id}`}
              >
                {t('checking.create.wholeKind')}
              </Checkbox>
            ),
            children: (
              <Space direction="vertical" size={4}>
                <Typography.Text type="secondary">{kind.description[lang]}</Typography.Text>
                {ofKind.map((c) => (
                  <Checkbox
                    key={c.id}
                    value={c.id}
                    checked={chosen.has(c.id)}
                    onChange={(e) => setKind([c.id], e.target.checked)}
                    data-testid={`check-rule-${c.id}`}
                  >
                    {`[${CHECK_LEVEL_LABELS[c.level][lang]}] ${c.name[lang]}`}
                  </Checkbox>
                ))}
              </Space>
            ),
          };
        })}
      />
    </div>
  );
}
