import type { TDocumentTypeDef } from '@tracehub/contract';
import type { TRenderContext } from '../../shared/options';

/** What one record of the type is called in titles and buttons ("采购入库", "receipt"). */
export const nounOf = (def: TDocumentTypeDef, { t }: TRenderContext): string =>
  t(`document.nouns.${def.code}`);
