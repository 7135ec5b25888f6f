import type { TCarbonFootprint, TProduct } from '@tracehub/contract';
import { pickLangText } from '../../i18n';
import type { TDetailField } from '../../shared/DetailCard';
import { formatDateTime } from '../../shared/format';
import { EvidenceFile } from '../ledger/EvidenceFile';
import { HashText } from '../ledger/HashText';

/** The page's permission code in the menu tree. */
export const PRODUCT_CODE = 'Product';

/** A footprint's result as shown everywhere: the exact value with its unit. */
export const carbonText = (value: string) => `${value} kgCO2e`;

/** A footprint (spec 3 "Carbon footprint"): base year, result, LCA report with its hash and evidence. */
export const CARBON_FIELDS: readonly TDetailField<TCarbonFootprint>[] = [
  { key: 'baseYear', label: 'product.carbon.fields.baseYear' },
  { key: 'createdAt', label: 'product.carbon.fields.createdAt', value: (c) => formatDateTime(c.createdAt) },
  {
    key: 'calculationResults',
    label: 'product.carbon.fields.calculationResults',
    value: (c) => <span data-testid="carbon-result-value">{carbonText(c.calculationResults)}</span>,
    wide: true,
  },
  {
    key: 'lcaFile',
    label: 'product.carbon.fields.lcaFile',
    value: (c) => (
      <EvidenceFile
        file={{ fileKey: c.fileKey, fileName: c.lcaFileName }}
        chain={c.chain}
        permission={`${PRODUCT_CODE}:ViewBCdata`}
        testId="carbon-lca"
      />
    ),
    wide: true,
  },
  {
    key: 'lcaFileHash',
    label: 'product.carbon.fields.lcaFileHash',
    value: (c) => <HashText value={c.lcaFileHash} />,
    wide: true,
  },
  { key: 'authenticationOrganization', label: 'product.carbon.fields.authority' },
  { key: 'operator', label: 'product.carbon.fields.operator' },
];

/** The identity of a product as the carbon result shows it. */
const PRODUCT_IDENTITY: readonly TDetailField<TProduct>[] = [
  { key: 'code', label: 'product.fields.code' },
  { key: 'name', label: 'product.fields.name', value: (r, { lang }) => pickLangText(lang, r.name, r.nameEn) },
  { key: 'batchNo', label: 'product.fields.batchNo' },
  { key: 'vinSn', label: 'product.fields.vinSn' },
];

/** Spec 2.4 "Carbon calculation result": the product and its current footprint. */
export const CARBON_RESULT_FIELDS: readonly TDetailField<TProduct>[] = [
  ...PRODUCT_IDENTITY,
  ...CARBON_FIELDS.map((field): TDetailField<TProduct> => ({
    ...field,
    value: (r, ctx) => {
      if (!r.carbon) return null;
      return field.value
        ? field.value(r.carbon, ctx)
        : (r.carbon as Record<string, unknown>)[field.key]?.toString();
    },
  })),
];
