import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { NETWORK_COLORS } from './networkLayout';

const ENTRIES = [
  ['own', NETWORK_COLORS.own, 'dot'],
  ['supplier', NETWORK_COLORS.supplier, 'dot'],
  ['client', NETWORK_COLORS.client, 'dot'],
  ['source', NETWORK_COLORS.source, 'dot'],
  ['unsettled', NETWORK_COLORS.unsettled, 'dot'],
  ['findings', NETWORK_COLORS.findings, 'dot'],
  ['unmatched', NETWORK_COLORS.unmatched, 'line'],
] as const;

/** What the network's colours mean. */
export function NetworkLegend() {
  const { t } = useTranslation();
  return (
    <Space wrap size={[16, 4]} className="network-legend" data-testid="network-legend">
      {ENTRIES.map(([key, color, mark]) => (
        <span key={key} className="network-legend-item">
          <span className={`network-legend-${mark}`} style={{ background: color }} />
          {t(`graph.chain.legend.${key}`)}
        </span>
      ))}
    </Space>
  );
}
