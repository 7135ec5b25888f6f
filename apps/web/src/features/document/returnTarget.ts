/*
 * The list side of the named navigation target PurchaseReturn (spec 2.2, NAMED_TARGETS in
 * shared/navigation.ts): its query form (materialsCode, returnBillNo, and vinSn or batchNo) and its params
 * form (billNo of the receipt, materialsCode, batchNo) both travel in the query string, and the purchase
 * return list turns them into its own search fields.
 */

/**
 * The return list's query with the target's names turned into its search fields: materialsCode ->
 * itemCode, returnBillNo -> billNo (query form), billNo -> relatedBillNo (params form: the receipt's
 * number); vinSn and batchNo are the list's own. Null when the query names no target (nothing to map).
 */
export function returnListQuery(current: URLSearchParams): URLSearchParams | null {
  const materialsCode = current.get('materialsCode');
  const returnBillNo = current.get('returnBillNo');
  if (materialsCode === null && returnBillNo === null) return null;
  const next = new URLSearchParams(current);
  next.delete('materialsCode');
  next.delete('returnBillNo');
  if (returnBillNo !== null) {
    next.set('billNo', returnBillNo);
  } else {
    const receipt = current.get('billNo');
    next.delete('billNo');
    if (receipt) next.set('relatedBillNo', receipt);
  }
  if (materialsCode) next.set('itemCode', materialsCode);
  for (const [key, value] of [...next.entries()]) if (value === '') next.delete(key);
  return next;
}
