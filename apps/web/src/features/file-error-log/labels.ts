import {
  BILL_STAGES,
  DOCUMENT_TYPES,
  documentTypeByTypeCode,
  type TBillStage,
  type TBillStageName,
  type TDocumentTypeDef,
} from '@tracehub/contract';
import type { TOption, TRenderContext } from '../../shared/options';

/*
 * Names of document types and bill stages on the failed transfers page: its selects and its columns say
 * the same thing. Titles repeated across stages (certificates of origin, packing lists, bills of lading)
 * carry their stage's name.
 */

const STAGE_NAMES = new Map<number, TBillStageName>(
  Object.entries(BILL_STAGES).map(([name, stage]) => [stage, name as TBillStageName]),
);

export function stageLabel(stage: number | null, { t }: TRenderContext): string | null {
  const name = stage === null ? undefined : STAGE_NAMES.get(stage);
  return name ? t(`fileErrorLog.stages.${name}`) : stage === null ? null : String(stage);
}

const repeatedTitles = (lang: 'zh' | 'en'): Set<string> => {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const d of DOCUMENT_TYPES) (seen.has(d.title[lang]) ? repeated : seen).add(d.title[lang]);
  return repeated;
};
const REPEATED = { zh: repeatedTitles('zh'), en: repeatedTitles('en') };

function typeLabel(def: TDocumentTypeDef, ctx: TRenderContext): string {
  const title = def.title[ctx.lang];
  if (!REPEATED[ctx.lang].has(title)) return title;
  return ctx.t('fileErrorLog.typeInStage', { title, stage: stageLabel(def.stage, ctx) });
}

/** A document type by its code as the upload named it ('110'); an unknown code as it is. */
export function documentTypeLabel(bizType: string, ctx: TRenderContext): string {
  const def = /^[0-9]+$/.test(bizType) ? documentTypeByTypeCode(Number(bizType)) : undefined;
  return def ? typeLabel(def, ctx) : bizType;
}

export const documentTypeOptions = (ctx: TRenderContext): TOption[] =>
  DOCUMENT_TYPES.map((def) => ({ value: String(def.typeCode), label: typeLabel(def, ctx) }));

export const stageOptions = (ctx: TRenderContext): TOption[] =>
  (Object.values(BILL_STAGES) as TBillStage[]).map((stage) => ({
    value: stage,
    label: stageLabel(stage, ctx) ?? String(stage),
  }));
