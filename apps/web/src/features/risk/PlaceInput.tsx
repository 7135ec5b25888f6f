import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHINA, CHINA_PROVINCES, COUNTRIES, placeLabel, provinceOf } from '@tracehub/contract';
import { useLang } from '../../i18n';

export interface TPlaceValue {
  country: string;
  province: string | null;
  city: string | null;
}

/** '' in the selects stands for All (null in the request). */
const ALL = '';

/**
 * A risk place: the country (required), then the province and the city, each "All" or one of China's
 * (free text elsewhere, empty for All). A new province resets the city to All.
 */
export function PlaceInput({
  value,
  onChange,
  testId = 'risk-place',
}: {
  value?: TPlaceValue;
  onChange?: (value: TPlaceValue) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const place = value ?? { country: '', province: null, city: null };
  const set = (next: Partial<TPlaceValue>) => onChange?.({ ...place, ...next });
  const inChina = place.country === CHINA;
  const all = { value: ALL, label: t('risk.all') };
  const cities = provinceOf(place.province ?? undefined)?.cities ?? [];
  const text = (v: string) => (v.trim() === '' ? null : v);
  return (
    <Space.Compact block>
      <Select
        style={{ width: '34%' }}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('risk.fields.country')}
        value={place.country || undefined}
        options={COUNTRIES.map((c) => ({ value: c.value, label: placeLabel(c, lang) }))}
        onChange={(country: string) => set({ country, province: null, city: null })}
        id={`${testId}-country`}
        data-testid={`${testId}-country`}
        aria-label={t('risk.fields.country')}
      />
      {inChina ? (
        <Select
          style={{ width: '33%' }}
          showSearch={{ optionFilterProp: 'label' }}
          value={place.province ?? ALL}
          options={[all, ...CHINA_PROVINCES.map((p) => ({ value: p.value, label: placeLabel(p, lang) }))]}
          onChange={(province: string) => set({ province: province || null, city: null })}
          id={`${testId}-province`}
          data-testid={`${testId}-province`}
          aria-label={t('risk.fields.province')}
        />
      ) : (
        <Input
          style={{ width: '33%' }}
          maxLength={50}
          placeholder={`${t('risk.fields.province')}: ${t('risk.all')}`}
          value={place.province ?? ''}
          onChange={(e) => set({ province: text(e.target.value), ...(e.target.value ? {} : { city: null }) })}
          id={`${testId}-province`}
          data-testid={`${testId}-province`}
          aria-label={t('risk.fields.province')}
        />
      )}
      {inChina ? (
        <Select
          style={{ width: '33%' }}
          showSearch={{ optionFilterProp: 'label' }}
          value={place.city ?? ALL}
          disabled={!place.province}
          options={[all, ...cities.map((c) => ({ value: c.value, label: placeLabel(c, lang) }))]}
          onChange={(city: string) => set({ city: city || null })}
          id={`${testId}-city`}
          data-testid={`${testId}-city`}
          aria-label={t('risk.fields.city')}
        />
      ) : (
        <Input
          style={{ width: '33%' }}
          maxLength={50}
          placeholder={`${t('risk.fields.city')}: ${t('risk.all')}`}
          value={place.city ?? ''}
          disabled={!place.province}
          onChange={(e) => set({ city: text(e.target.value) })}
          id={`${testId}-city`}
          data-testid={`${testId}-city`}
          aria-label={t('risk.fields.city')}
        />
      )}
    </Space.Compact>
  );
}
