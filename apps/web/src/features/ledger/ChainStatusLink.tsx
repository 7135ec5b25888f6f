import { useState } from 'react';
import { Button } from 'antd';
import type { TChainDetail, TLang } from '@tracehub/contract';
import type { TDetailField } from '../../shared/DetailCard';
import { EMPTY_TEXT } from '../../shared/format';
import type { TColumnDef } from '../../shared/list/types';
import { usePermissions } from '../../shared/permissions';
import { ChainRecordDialog } from './ChainRecordDialog';
import { ChainStatusTag } from './ChainStatusTag';
import { HashText } from './HashText';
import './ledger.css';

/**
 * A record's chain status that opens its blockchain record detail dialog (spec 2.4) for sessions holding
 * `permission` (a page's `<code>:ViewBCdata`); others see the status alone. No evidence shows "--".
 */
export function ChainStatusLink({
  chain,
  permission,
  subject,
}: {
  chain: TChainDetail | null;
  permission?: string;
  /** The record in words (kind and number), named in the dialog. */
  subject?: string;
}) {
  const can = usePermissions();
  const [open, setOpen] = useState(false);
  if (!chain) return <>{EMPTY_TEXT}</>;
  // In a record's row the status alone (the dialog and the evidence list give the block's height).
  if (!can(permission)) return <ChainStatusTag status={chain.status} />;
  return (
    <>
      <Button
        type="link"
        size="small"
        className="chain-status-link"
        onClick={() => setOpen(true)}
        data-testid="chain-status-link"
        data-hash={chain.txHash}
      >
        <ChainStatusTag status={chain.status} />
      </Button>
      {open && <ChainRecordDialog hash={chain.txHash} subject={subject} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * The chain status column of a resource whose rows carry their evidence (`chain`), by the page's code;
 * `subject` names a row in words for the dialog ("采购入库 RK-XH-001").
 */
export function chainStatusColumn<T extends { chain: TChainDetail | null }>(
  code: string,
  subject?: (row: T, lang: TLang) => string,
): TColumnDef<T> {
  return {
    key: 'chain',
    id: 'chainStatus',
    label: 'ledger.records.fields.chainStatus',
    width: 110,
    // Whether the record is evidenced is read with its key: on a phone's card too.
    priority: 1,
    render: (r, { lang }) => (
      <ChainStatusLink chain={r.chain} permission={`${code}:ViewBCdata`} subject={subject?.(r, lang)} />
    ),
  };
}

/** A record's chain status in its details (opening its blockchain record, as the column does). */
export function chainStatusDetail<T extends { chain: TChainDetail | null }>(
  code: string,
  subject?: (row: T, lang: TLang) => string,
): TDetailField<T> {
  return {
    key: 'chain',
    label: 'ledger.records.fields.chainStatus',
    value: (r, { lang }) => (
      <ChainStatusLink chain={r.chain} permission={`${code}:ViewBCdata`} subject={subject?.(r, lang)} />
    ),
  };
}

/** The transaction hash of a record's latest evidence in its details, on a row of its own. */
export function txHashDetail<T extends { chain: TChainDetail | null }>(): TDetailField<T> {
  return {
    key: 'txHash',
    label: 'ledger.records.fields.txHash',
    value: (r) => (r.chain ? <HashText value={r.chain.txHash} /> : null),
    wide: true,
  };
}
