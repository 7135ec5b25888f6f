export const search = {
  placeholder: '搜索单号、批次、车架号、企业…',
  noHits: '没有找到匹配的数据',
};
