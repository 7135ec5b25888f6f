import { Card, Steps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, LIMITS, type TSupplierTier } from '@tracehub/contract';
import { call } from '../../api/client';
import { pickLangText, useLang } from '../../i18n';
import type { TMaterialRef } from './drill';
import { dataManagementKeys } from './queries';

/** The distinct suppliers of each tier, nearest first. */
function tiersOf(rows: readonly TSupplierTier[], lang: 'zh' | 'en') {
  const tiers = new Map<number, { names: Set<string>; origin: boolean }>();
  for (const r of rows) {
    const tier = tiers.get(r.tier) ?? { names: new Set<string>(), origin: false };
    const name = pickLangText(lang, r.supplierName, r.supplierNameEn);
    if (name) tier.names.add(name);
    tier.origin ||= r.origin;
    tiers.set(r.tier, tier);
  }
  return [...tiers.entries()].sort(([a], [b]) => a - b);
}

/** The lot's supply chain at a glance: the own enterprise, then each tier's suppliers down to the origin. */
export function SupplierChain({ material }: { material: TMaterialRef }) {
  const { t } = useTranslation();
  const lang = useLang();
  const request = { ...material, pageSize: Math.max(...LIMITS.pageSizeOptions) };
  const query = useQuery({
    queryKey: dataManagementKeys.suppliers(request),
    queryFn: ({ signal }) => call(api.trace.supplierPage, request, { silent: true, signal }),
    enabled: material.itemCode !== '' && material.batchNo !== '',
  });
  const tiers = tiersOf(query.data?.list ?? [], lang);
  if (tiers.length === 0) return null;
  return (
    <Card className="th-card dm-chain" title={t('dataManagement.chainTitle')} data-testid="dm-chain">
      <Steps
        size="small"
        current={tiers.length + 1}
        items={[
          {
            title: t('dataManagement.ownEnterprise'),
            description: `${material.itemCode} / ${material.batchNo}`,
          },
          ...tiers.map(([tier, { names, origin }]) => ({
            title: t('dataManagement.tierLabel', { tier }),
            description: [...names].join('、') + (origin ? ` · ${t('dataManagement.origin')}` : ''),
          })),
        ]}
      />
    </Card>
  );
}
