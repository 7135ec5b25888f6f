import { materialEndpoints, type TMaterialNature, type TMaterialOption } from '@tracehub/contract';
import { call } from '../../api/client';
import type { TOption, TSearchOptions } from '../../shared/options';
import { materialKeys } from './queries';

/** How a picker names a material: code, batch and the name in the language ("M-1 · B1 · 电芯"). */
export function materialOptionLabel(m: TMaterialOption, lang: 'zh' | 'en'): string {
  const name = lang === 'en' && m.nameEn ? m.nameEn : m.name;
  return [m.code, m.batchNo, name].filter(Boolean).join(' · ');
}

/**
 * The enterprise's materials of a nature for a searching select (products' tracing materials, the material
 * code mappings): the first ones by code whose code or name contains the typed text, plus the chosen ones.
 * Readable with the materials page's code or a picking page's (contract MATERIAL_PICKER_PAGES).
 */
export function materialSearchOptions(nature: TMaterialNature): TSearchOptions {
  return {
    queryKey: materialKeys(nature).all,
    load: async (keyword, chosen, { lang }) => {
      const ids = chosen.map(Number).filter((id) => Number.isInteger(id));
      const found = await call(materialEndpoints[nature].options, {
        ...(keyword ? { keyword } : {}),
        ...(ids.length ? { ids } : {}),
      });
      return found.map((m): TOption => ({ value: m.id, label: materialOptionLabel(m, lang) }));
    },
  };
}
