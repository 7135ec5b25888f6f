import type { TProductShipment } from '@tracehub/contract';
import type { TShipment } from './TrajectoryMapDialog';

/** The logistics fields of a shipment, as a shipment document and /product/echoAddress both carry them. */
export type TShipmentFields = TProductShipment;

const position = (lat: number | null, lng: number | null) =>
  lat === null || lng === null ? null : { lat, lng };

/** A shipment as the trajectory map draws it. */
export function shipmentOf(r: TShipmentFields): TShipment {
  return {
    billNo: r.billNo,
    deliveryEnterprise: r.deliveryEnterprise,
    deliveryEnterpriseEn: r.deliveryEnterpriseEn || null,
    shippingAddress: r.shippingAddress,
    checkoutDate: r.checkoutDate,
    receiveCompanyName: r.receiveCompanyName,
    receiveCompanyNameEn: r.receiveCompanyNameEn || null,
    deliveryAddress: r.deliveryAddress,
    arrivalDate: r.arrivalDate,
    carrierEnterpriseNo: r.carrierEnterpriseNo || null,
    shipping: position(r.shippingLatitude, r.shippingLongitude),
    delivery: position(r.deliveryLatitude, r.deliveryLongitude),
  };
}
