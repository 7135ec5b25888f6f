import { useMemo, useRef, useState } from 'react';
import { Alert, Descriptions, Empty, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLang } from '@tracehub/contract';
import { pickLangText, useLang } from '../../i18n';
import { AppDialog } from '../../shared/AppDialog';
import { EMPTY_TEXT } from '../../shared/format';
import { BusinessMapDownload } from './BusinessMapDownload';
import { locatable, type TMapPoint, type TMapPosition, type TMapViewHandle } from './mapItems';
import { LegendDot } from './MapLegend';
import { MapView } from './MapView';
import './map.css';

/** One supplier of spec 2.4 "Supplier information map"; null coordinates are unknown. */
export interface TMapSupplier {
  /** supplierEnterpriseCode */
  code: string;
  /** supplierEnterpriseName and its English name */
  name: string;
  nameEn: string | null;
  /** shippingAddress, else address */
  address: string;
  lat: number | null;
  lng: number | null;
  /** 1 for direct suppliers, 2 for theirs, and so on. */
  tier: number;
}

const position = (s: TMapSupplier): TMapPosition | null =>
  s.lat === null || s.lng === null ? null : { lat: s.lat, lng: s.lng };

/** Tier colours (Okabe–Ito: told apart with colour-blindness too); deeper tiers share the last, grey. */
const TIER_COLOURS = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00'] as const;
const DEEPER_TIER_COLOUR = '#8c8c8c';

export function tierColour(tier: number): string {
  return TIER_COLOURS[tier - 1] ?? DEEPER_TIER_COLOUR;
}

const DIGITS = '零一二三四五六七八九';

/** 1 → 一, 12 → 十二, 20 → 二十 (up to 99; other numbers stay digits). */
export function chineseNumeral(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 99) return String(n);
  if (n < 10) return DIGITS.charAt(n);
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return `${tens === 1 ? '' : DIGITS.charAt(tens)}十${ones ? DIGITS.charAt(ones) : ''}`;
}

/** The tier's numeral in the language's way: 一级, Tier 1. */
const tierNumeral = (tier: number, lang: TLang) => (lang === 'zh' ? chineseNumeral(tier) : String(tier));

/**
 * Spec 2.4 "Supplier information map": suppliers as dots at their places, coloured by tier (with a legend);
 * a click on one shows its name in the current language, code, address and tier. Suppliers without
 * coordinates are listed: "unable to locate the address".
 */
export function SupplierMapDialog({
  open,
  onClose,
  suppliers,
  loading = false,
  title,
}: {
  open: boolean;
  onClose: () => void;
  suppliers: readonly TMapSupplier[];
  /** The suppliers are still being fetched. */
  loading?: boolean;
  /** The dialog's title (and the downloaded map's); the spec's name by default. */
  title?: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const map = useRef<TMapViewHandle>(null);
  const [selected, setSelected] = useState<TMapSupplier | null>(null);
  const tierText = (tier: number) => t('map.supplier.tier', { tier: tierNumeral(tier, lang) });

  const points = useMemo<TMapPoint[]>(
    () =>
      suppliers.flatMap((s, index) => {
        const at = position(s);
        if (!locatable(at)) return [];
        const name = pickLangText(lang, s.name, s.nameEn);
        return [
          {
            id: String(index),
            ...at,
            color: tierColour(s.tier),
            label: name,
            detail: `${s.code} · ${s.address}`,
          },
        ];
      }),
    [suppliers, lang],
  );
  const tiers = useMemo(() => [...new Set(suppliers.map((s) => s.tier))].sort((a, b) => a - b), [suppliers]);
  const unlocated = suppliers.filter((s) => !locatable(position(s)));
  const shown = selected && suppliers.includes(selected) ? selected : null;
  const heading = title ?? t('map.supplier.title');

  return (
    <AppDialog
      open={open}
      title={heading}
      onCancel={onClose}
      readOnly
      loading={loading}
      width={1000}
      testId="supplier-map-dialog"
    >
      {suppliers.length === 0 ? (
        <Empty description={t('map.supplier.empty')} />
      ) : (
        <>
          <div className="map-dialog-toolbar">
            <div className="map-dialog-legend" data-testid="supplier-map-legend">
              {tiers.map((tier) => (
                <LegendDot key={tier} color={tierColour(tier)} text={tierText(tier)} />
              ))}
            </div>
            <BusinessMapDownload map={map} title={heading} defaultFileName={heading} />
          </div>
          <MapView
            ref={map}
            points={points}
            onPointClick={(id) => setSelected(suppliers[Number(id)] ?? null)}
            height={440}
            label={t('map.supplier.label')}
            testId="supplier-map"
          />
          {unlocated.length > 0 && (
            <Alert
              className="map-dialog-section"
              type="warning"
              showIcon
              data-testid="supplier-unlocated"
              message={t('map.supplier.unlocatedTitle')}
              description={
                <ul className="map-unlocated-list">
                  {unlocated.map((s, index) => (
                    <li key={index}>
                      {t('map.unlocatedItem', {
                        name: `${pickLangText(lang, s.name, s.nameEn)} (${s.code})`,
                        message: t('map.errors.unlocated'),
                      })}
                    </li>
                  ))}
                </ul>
              }
            />
          )}
          {shown ? (
            <Descriptions
              className="map-dialog-section"
              title={t('map.supplier.detailTitle')}
              size="small"
              bordered
              column={2}
              data-testid="supplier-detail"
              items={[
                {
                  key: 'name',
                  label: t('map.supplier.fields.name'),
                  children: pickLangText(lang, shown.name, shown.nameEn) || EMPTY_TEXT,
                },
                { key: 'code', label: t('map.supplier.fields.code'), children: shown.code || EMPTY_TEXT },
                {
                  key: 'address',
                  label: t('map.supplier.fields.address'),
                  children: shown.address || EMPTY_TEXT,
                },
                {
                  key: 'tier',
                  label: t('map.supplier.fields.tier'),
                  children: <Tag color={tierColour(shown.tier)}>{tierText(shown.tier)}</Tag>,
                },
              ]}
            />
          ) : (
            <Typography.Paragraph type="secondary" className="map-dialog-section">
              {t('map.supplier.hint')}
            </Typography.Paragraph>
          )}
        </>
      )}
    </AppDialog>
  );
}
