import { Segmented, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPTY_TEXT } from '../../shared/format';
import { ChainStatusTag } from '../ledger/ChainStatusTag';
import { ViewChainButton } from '../ledger/ViewChainButton';

// Pieces both network pages show: the graph/list switch and a document's evidence.

export type TView = 'graph' | 'list';

/** Graph or list; the graph is offered only when the browser can draw it. */
export function ViewSwitch({
  value,
  onChange,
  drawable,
  testId,
}: {
  value: TView;
  onChange: (view: TView) => void;
  drawable: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Segmented<TView>
      value={value}
      onChange={onChange}
      options={[
        { value: 'graph', label: t('graph.chain.view.graph'), disabled: !drawable },
        { value: 'list', label: t('graph.chain.view.list') },
      ]}
      data-testid={testId}
    />
  );
}

/**
 * A document's evidence: sealed in block N (its proof verified in the record dialog) or pending. `own`: the
 * enterprise's own record, whose content the dialog re-checks too; `evidence` undefined while unknown.
 */
export function DocumentEvidence({
  evidence,
  own,
  testId,
}: {
  evidence: { txHash: string | null; blockHeight: number | null } | undefined;
  own: boolean;
  testId: string;
}) {
  if (!evidence) return <>{EMPTY_TEXT}</>;
  return (
    <Space size={4}>
      <ChainStatusTag status={evidence.txHash ? 'sealed' : 'pending'} height={evidence.blockHeight} />
      {evidence.txHash && <ViewChainButton hash={evidence.txHash} withContent={own} testId={testId} />}
    </Space>
  );
}
