import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  DOCUMENT_TYPES,
  PRODUCT_SHIPMENTS_MAX,
  TRAJECTORY_CODE,
  type TProductShipment,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { visibleRows } from '../../platform/list-query.ts';
import { findProduct } from './repo.ts';

/** The document types of shipments: the ones whose trajectory the logistics page draws. */
const SHIPMENT_TYPES = DOCUMENT_TYPES.filter((d) => d.actions?.some((a) => a.code === TRAJECTORY_CODE)).map(
  (d) => d.typeCode,
);

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const numberOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** A date of a shipment's extra fields (epoch ms, or the text the import wrote), as epoch ms. */
const timeOrNull = (v: unknown) => {
  if (typeof v === 'number') return v;
  const parsed = typeof v === 'string' && v ? Date.parse(v) : NaN;
  return Number.isNaN(parsed) ? null : parsed;
};

/**
 * /product/echoAddress: the shipments of one of the enterprise's products (its code, and its batch or VIN/SN
 * when it has one), newest first, with both places. E1003 when the product is not the caller's to see.
 */
export async function productShipments(
  db: Db,
  tenant: TenantContext,
  id: number,
): Promise<TProductShipment[]> {
  const product = await findProduct(db, tenant, id);
  if (!product) throw new AppError('NOT_FOUND');
  const rows = await db
    .select({ billNo: documents.billNo, extra: documents.extra })
    .from(documents)
    .where(
      and(
        visibleRows(documents, tenant),
        inArray(documents.docType, SHIPMENT_TYPES),
        eq(documents.itemCode, product.code),
        product.batchNo ? eq(documents.batchNo, product.batchNo) : undefined,
        product.vinSn ? eq(documents.vinSn, product.vinSn) : undefined,
      ),
    )
    .orderBy(desc(documents.bizTime), desc(documents.id))
    .limit(PRODUCT_SHIPMENTS_MAX);
  return rows.map(({ billNo, extra: x }) => ({
    billNo,
    deliveryEnterprise: text(x['deliveryEnterprise']),
    deliveryEnterpriseEn: text(x['deliveryEnterpriseEn']),
    shippingAddress: text(x['shippingAddress']),
    checkoutDate: timeOrNull(x['checkoutDate']),
    receiveCompanyName: text(x['receiveCompanyName']),
    receiveCompanyNameEn: text(x['receiveCompanyNameEn']),
    deliveryAddress: text(x['deliveryAddress']),
    arrivalDate: timeOrNull(x['arrivalDate']),
    carrierEnterpriseNo: text(x['carrierEnterpriseNo']),
    shippingLatitude: numberOrNull(x['shippingLatitude']),
    shippingLongitude: numberOrNull(x['shippingLongitude']),
    deliveryLatitude: numberOrNull(x['deliveryLatitude']),
    deliveryLongitude: numberOrNull(x['deliveryLongitude']),
  }));
}
