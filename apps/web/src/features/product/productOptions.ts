import { api, type TProductMaterial } from '@tracehub/contract';
import { call } from '../../api/client';
import { pickLangText } from '../../i18n';
import { remoteOptions, type TOption, type TRenderContext, type TSearchOptions } from '../../shared/options';
import { productKeys } from './queries';

/** How a picker names a material: code, batch and the name in the language ("M-1 · B1 · 电芯"). */
export function materialLabel(m: TProductMaterial, lang: TRenderContext['lang']): string {
  return [m.code, m.batchNo, pickLangText(lang, m.name, m.nameEn)].filter(Boolean).join(' · ');
}

/** The enterprise's project codes a product may name (spec 7 getProjectNo). */
export const projectOptions = remoteOptions(
  productKeys.projectOptions(),
  () => call(api.product.getProjectNo, {}),
  (p): TOption => ({ value: p.id, label: p.projectNo }),
);

/** The enterprise's materials of both natures, searched by code or name as the user types. */
export const materialSearch: TSearchOptions = {
  queryKey: productKeys.materialOptions(),
  load: async (keyword, chosen, { lang }) => {
    const ids = chosen.filter((v): v is number => typeof v === 'number');
    const rows = await call(api.product.materialOptions, {
      ...(keyword ? { keyword } : {}),
      ...(ids.length ? { ids } : {}),
    });
    return rows.map((m) => ({ value: m.id, label: materialLabel(m, lang) }));
  },
};
