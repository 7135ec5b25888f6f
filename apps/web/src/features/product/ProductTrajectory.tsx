import { useState } from 'react';
import { Button } from 'antd';
import { NodeIndexOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, TRAJECTORY_CODE, type TProductShipment } from '@tracehub/contract';
import { call } from '../../api/client';
import { usePermissions } from '../../shared/permissions';
import { shipmentOf } from '../map/shipments';
import { TrajectoryMapDialog, type TShipment } from '../map/TrajectoryMapDialog';
import { useMapSettings } from '../map/useMapSettings';

const NONE: TShipment[] = [];
/** Stable, so that TanStack keeps its result between renders (and the map keeps its view). */
const toShipments = (rows: readonly TProductShipment[]) => rows.map(shipmentOf);

/** The dialog, mounted only when opened: its shipments and the map settings are asked for then. */
function ProductTrajectoryDialog({ productId, onClose }: { productId: number; onClose: () => void }) {
  const settings = useMapSettings();
  const shipments = useQuery({
    queryKey: ['product', 'shipments', productId],
    queryFn: ({ signal }) => call(api.product.echoAddress, { id: productId }, { signal }),
    select: toShipments,
  });
  return (
    <TrajectoryMapDialog
      open
      onClose={onClose}
      shipments={shipments.data ?? NONE}
      settings={settings}
      loading={shipments.isPending}
    />
  );
}

/** The product's shipments on the logistics trajectory map (/product/echoAddress), for members with the action. */
export function ProductTrajectory({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const can = usePermissions();
  const [open, setOpen] = useState(false);
  if (!can(TRAJECTORY_CODE)) return null;
  return (
    <>
      <Button icon={<NodeIndexOutlined />} onClick={() => setOpen(true)} data-testid="product-trajectory">
        {t('map.trajectory.action')}
      </Button>
      {open && <ProductTrajectoryDialog productId={productId} onClose={() => setOpen(false)} />}
    </>
  );
}
