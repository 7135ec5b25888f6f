import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHECK_LEVELS, type TNetworkCompany } from '@tracehub/contract';
import { pickLangText, useLang } from '../../i18n';
import { LevelBadge } from '../checking/labels';
import { EMPTY_TEXT } from '../../shared/format';

/** A company's name in the current language; a supplier not on the platform without a known name says so. */
export function useCompanyName(): (c: TNetworkCompany) => string {
  const { t } = useTranslation();
  const lang = useLang();
  return (c) => pickLangText(lang, c.name, c.nameEn) || t('graph.chain.unsettledPartner');
}

/** A signed tier in words: the enterprise, its tier-n suppliers (n > 0) or clients (n < 0). */
export function useTierText(): (tier: number) => string {
  const { t } = useTranslation();
  return (tier) =>
    tier === 0
      ? t('graph.chain.tier.own')
      : tier > 0
        ? t('graph.chain.tier.up', { tier })
        : t('graph.chain.tier.down', { tier: -tier });
}

/** The company's kind (automaker, manufacturing, trading, source), when it is known. */
export function KindText({ company }: { company: TNetworkCompany }) {
  const { t } = useTranslation();
  if (!company.kind) return <>{EMPTY_TEXT}</>;
  return (
    <>
      {company.kind === 'automaker'
        ? t('workbench.enterprise.automaker')
        : t(`userCenter.perfrom.attributes.${company.kind}`)}
    </>
  );
}

/** Troubleshooting findings by level, as the troubleshooting pages badge them (none: the word). */
export function FindingTags({ findings }: { findings: TNetworkCompany['findings'] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const levels = CHECK_LEVELS.filter((l) => (findings?.[l] ?? 0) > 0);
  if (!findings || levels.length === 0) return <>{t('graph.chain.panel.noFindings')}</>;
  return (
    <Space size={4} wrap data-testid="network-findings">
      {levels.map((l) => (
        <span key={l}>
          <LevelBadge level={l} lang={lang} /> {findings[l]}
        </span>
      ))}
    </Space>
  );
}
