import {
  DOCUMENT_FIELDS,
  DOCUMENT_TYPES,
  documentFieldLabel,
  type TDocumentLabelKey,
  type TDocumentTypeDef,
  type TLang,
} from '@tracehub/contract';

type TItemKey = 'itemCode' | 'itemName';
type TItemTexts = Record<TItemKey, string>;
type TPartnerTexts = Record<'partnerCode' | 'partnerName', string>;

/**
 * The document field names of the contract's field table (DOCUMENT_FIELDS) as translation keys, for the
 * texts that name a field outside its list (the return details): the names that do not depend on the type
 * (a counterparty's of a type without one), and the item and partner names that do (material or product,
 * supplier or client). The lists, forms and details take the names from the type's declaration itself.
 */
export function documentLabelTexts(lang: TLang) {
  const base = DOCUMENT_TYPES[0] as TDocumentTypeDef;
  const item = (kind: TDocumentTypeDef['item']): TItemTexts => {
    const def = { ...base, item: kind };
    return {
      itemCode: documentFieldLabel(def, 'itemCode')[lang],
      itemName: documentFieldLabel(def, 'itemName')[lang],
    };
  };
  const partner = (side: TDocumentTypeDef['partner']): TPartnerTexts => {
    const def = { ...base, partner: side };
    return {
      partnerCode: documentFieldLabel(def, 'partnerCode')[lang],
      partnerName: documentFieldLabel(def, 'partnerName')[lang],
    };
  };
  const common = (Object.keys(DOCUMENT_FIELDS) as TDocumentLabelKey[]).filter(
    (k): k is Exclude<TDocumentLabelKey, TItemKey> => k !== 'itemCode' && k !== 'itemName',
  );
  return {
    fields: {
      ...Object.fromEntries(common.map((key) => [key, documentFieldLabel(base, key)[lang]])),
      ...partner(null),
    } as Record<Exclude<TDocumentLabelKey, TItemKey>, string>,
    item: { material: item('material'), product: item('product'), none: item('none') },
    partner: { supplier: partner('supplier'), client: partner('client') },
  };
}

/** Business documents (spec 2.2 /stagePurchase ... /internalE, 2.4 "Purchase return detail", 3 "Documents"). */
export const document = {
  labels: documentLabelTexts('zh'),
  /** What a record of each type is called in titles and buttons ("新增采购入库"), by menu code. */
  nouns: Object.fromEntries(DOCUMENT_TYPES.map((d) => [d.code, d.title.zh])) as Record<string, string>,
  descriptions: {
    purchase: '维护本企业与供应商往来的采购单据：可批量导入、导出，上传附件；每次变更均记录区块链存证',
    production: '维护本企业的生产单据：可批量导入、导出，上传附件；每次变更均记录区块链存证',
    sales: '维护本企业与客户往来的销售单据：可批量导入、导出，上传附件；每次变更均记录区块链存证',
    logistics: '维护本企业销售出库的物流单据：可批量导入、导出，上传附件；每次变更均记录区块链存证',
    internal:
      '维护本企业按车架号/序列号记录的内部数据表：可批量导入、导出，上传附件；每次变更均记录区块链存证',
  },
  create: '新增{{noun}}',
  detailTitle: '{{noun}}详情',
  confirmDelete: '确定删除单据“{{name}}”吗？删除后不可恢复。',
  confirmBatchDelete: '确定删除选中的 {{count}} 条数据吗？删除后不可恢复。',
  emptyCurrency: '(空)',
  currencyPlaceholder: '请选择币种',
  partnerPlaceholder: '输入编码或名称搜索，或直接输入编码',
  itemPlaceholder: '输入编码，或从提示中选择',
  relatedPlaceholder: '输入单据编号后回车',
  fields: {
    returns: '退货单据',
    returnable: '可退数量',
  },
  related: {
    notFound: '本企业无此单据',
    count: '共 {{count}} 张',
  },
  returnDetail: {
    action: '退货详情',
    title: '退货详情',
    noPermission: '采购退货权限未配置',
    billNo: '入库单据编号',
    returnBillNos: '退货单据编号',
    total: '退货单数',
    returnedQuantity: '已退数量',
    receivedQuantity: '入库数量',
    none: '暂无退货',
    viewMore: '查看更多',
  },
};
