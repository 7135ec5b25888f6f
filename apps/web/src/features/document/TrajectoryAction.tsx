import type { TDocument } from '@tracehub/contract';
import type { TResourceDialogProps, TRowAction, TToolbarAction } from '../../shared/list/types';
import { TrajectoryMapDialog, type TShipment } from '../map/TrajectoryMapDialog';
import { useMapSettings } from '../map/useMapSettings';

/** The page action of spec 6 that opens the logistics trajectory map of shipments. */
const CODE = 'LogisticsTrans:ViewTrajectory';

const position = (lat: number | null, lng: number | null) =>
  lat === null || lng === null ? null : { lat, lng };

/** A shipment document as the map draws it (its logistics fields). */
export function shipmentOf(r: TDocument): TShipment {
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

/** The trajectory map of the shipment a row action names, or of the rows selected. */
export function TrajectoryDialog({ record, rows, onClose }: TResourceDialogProps<TDocument>) {
  const settings = useMapSettings();
  const shipments = (record ? [record] : rows).map(shipmentOf);
  return <TrajectoryMapDialog open onClose={onClose} shipments={shipments} settings={settings} />;
}

export const trajectoryRowAction: TRowAction<TDocument> = {
  key: 'trajectory',
  label: 'map.trajectory.action',
  permission: CODE,
  dialog: 'trajectory',
};

export const trajectoryToolbarAction: TToolbarAction<TDocument> = {
  key: 'trajectoryBatch',
  label: 'map.trajectory.batchAction',
  permission: CODE,
  dialog: 'trajectory',
  batch: true,
};
