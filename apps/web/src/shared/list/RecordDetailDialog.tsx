import { createContext, useContext, type ReactNode } from 'react';
import { Descriptions } from 'antd';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TEndpoint } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { AppDialog } from '../AppDialog';
import './list.css';
import type { TDetailField } from '../DetailCard';
import { EMPTY_TEXT, isBlank } from '../format';
import type { TRenderContext } from '../options';

const DETAIL_DIALOG_WIDTH = 720;

/** Codes and numbers up to this length are kept on one line (`CELL-2026-03`, not `CELL-2026-` / `03`). */
const TOKEN_MAX = 40;

/** A code or number without spaces on one line; longer texts and rich values wrap as usual. */
const token = (value: ReactNode): ReactNode =>
  (typeof value === 'string' || typeof value === 'number') &&
  String(value).length <= TOKEN_MAX &&
  !/\s/.test(String(value)) ? (
    <span className="detail-token">{value}</span>
  ) : (
    value
  );

const CloseDetail = createContext<() => void>(() => undefined);

/** Closes the detail dialog a value is shown in (a link that opens another page, kept behind its tab). */
export const useCloseDetail = (): (() => void) => useContext(CloseDetail);

/**
 * A record's details in a dialog (a list's "view" action): fetched fresh by id from the resource's detail
 * endpoint, the list's row shown until it arrives, label/value pairs in 2 columns with "--" for blanks.
 */
export function RecordDetailDialog<T extends { id: number }>({
  record,
  endpoint,
  queryKey,
  title,
  fields,
  onClose,
  width = DETAIL_DIALOG_WIDTH,
  testId,
}: {
  record: T | null;
  /** Takes `{ id }` and answers the record. */
  endpoint: TEndpoint;
  queryKey: (id: number) => QueryKey;
  title: ReactNode;
  fields: readonly TDetailField<T>[];
  onClose: () => void;
  /** Wider for records with many or long values. */
  width?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = record?.id ?? 0;
  const query = useQuery({
    queryKey: queryKey(id),
    queryFn: ({ signal }) => call(endpoint, { id }, { signal }) as Promise<T>,
    enabled: record !== null,
  });
  const shown = query.data ?? record;
  if (!shown) return null;
  const ctx: TRenderContext = { lang, t };
  return (
    <AppDialog open title={title} width={width} onCancel={onClose} readOnly testId={testId}>
      <CloseDetail.Provider value={onClose}>
        <Descriptions
          bordered
          size="middle"
          column={2}
          items={fields.map((field) => {
            const value = field.value
              ? field.value(shown, ctx)
              : (shown as Record<string, unknown>)[field.key];
            return {
              key: field.key,
              label: t(field.label),
              span: field.wide ? ('filled' as const) : undefined,
              children: isBlank(value) ? EMPTY_TEXT : token(value as ReactNode),
            };
          })}
        />
      </CloseDetail.Provider>
    </AppDialog>
  );
}
