import { TRAJECTORY_CODE, type TDocument } from '@tracehub/contract';
import type { TResourceDialogProps, TRowAction, TToolbarAction } from '../../shared/list/types';
import { shipmentOf } from '../map/shipments';
import { TrajectoryMapDialog } from '../map/TrajectoryMapDialog';
import { useMapSettings } from '../map/useMapSettings';

/** The trajectory map of the shipment a row action names, or of the rows selected. */
export function TrajectoryDialog({ record, rows, onClose }: TResourceDialogProps<TDocument>) {
  const settings = useMapSettings();
  const shipments = (record ? [record] : rows).map(shipmentOf);
  return <TrajectoryMapDialog open onClose={onClose} shipments={shipments} settings={settings} />;
}

export const trajectoryRowAction: TRowAction<TDocument> = {
  key: 'trajectory',
  label: 'map.trajectory.action',
  permission: TRAJECTORY_CODE,
  dialog: 'trajectory',
};

export const trajectoryToolbarAction: TToolbarAction<TDocument> = {
  key: 'trajectoryBatch',
  label: 'map.trajectory.batchAction',
  permission: TRAJECTORY_CODE,
  dialog: 'trajectory',
  batch: true,
};
