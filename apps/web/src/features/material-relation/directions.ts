import {
  api,
  type TMaterialRelationEndpoints,
  type TOwnItem,
  type TRelationDirection,
} from '@tracehub/contract';
import type { TRenderContext } from '../../shared/options';

/** What differs between the supplier and the client mappings: endpoints, page code and routes. */
export interface TDirection {
  direction: TRelationDirection;
  endpoints: TMaterialRelationEndpoints;
  /** The page's permission code: actions are `<code>:<Action>`. */
  code: string;
  /** The list's route below /basicData (spec 2.2). */
  route: string;
}

export const DIRECTIONS: Readonly<Record<TRelationDirection, TDirection>> = {
  supplier: {
    direction: 'supplier',
    endpoints: api.materialRelation,
    code: 'MaterialRelation',
    route: 'materialRelation',
  },
  client: {
    direction: 'client',
    endpoints: api.customMaterialRelation,
    code: 'CustomMaterialRelation',
    route: 'custommaterialRelation',
  },
};

export const linkPath = (d: TDirection, id: number) => `/basicData/${d.route}/link/${id}`;

/** An own item as one line: "code · batch · name" (the name in the language), products with their VIN/SN. */
export function ownItemText(item: TOwnItem, { lang }: Pick<TRenderContext, 'lang'>): string {
  const name = lang === 'en' && item.nameEn ? item.nameEn : item.name;
  return [item.code, item.batchNo, item.vinSn, name].filter(Boolean).join(' · ');
}
