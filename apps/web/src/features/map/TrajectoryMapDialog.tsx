import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Descriptions, Empty, Radio, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { pickLangText, useLang } from '../../i18n';
import { AppDialog } from '../../shared/AppDialog';
import { EMPTY_TEXT, formatDateTime } from '../../shared/format';
import { BusinessMapDownload } from './BusinessMapDownload';
import { curvePoints, type TLngLat } from './curve';
import { locatable, type TMapLine, type TMapPoint, type TMapPosition, type TMapViewHandle } from './mapItems';
import { canRoute, OFFLINE_MAP_SETTINGS, type TMapSettings } from './mapSettings';
import { LegendDot } from './MapLegend';
import { MapView } from './MapView';
import { drivingRoute } from './routing';
import './map.css';

/** One shipment of spec 2.4 "Logistics trajectory map" (its logistics fields; null positions are unknown). */
export interface TShipment {
  billNo: string;
  deliveryEnterprise: string;
  deliveryEnterpriseEn: string | null;
  shippingAddress: string;
  /** Epoch ms. */
  checkoutDate: number | null;
  receiveCompanyName: string;
  receiveCompanyNameEn: string | null;
  deliveryAddress: string;
  /** Epoch ms. */
  arrivalDate: number | null;
  carrierEnterpriseNo?: string | null;
  shipping: TMapPosition | null;
  delivery: TMapPosition | null;
}

const COLOURS = { shipping: '#0f7a64', delivery: '#d4380d', curve: '#3ba3f3', route: '#722ed1' } as const;

const lngLat = (p: TMapPosition): TLngLat => [p.lng, p.lat];
const routeKey = (s: TShipment, settings: TMapSettings) =>
  `${settings.scriptUrl}|${s.shipping?.lng},${s.shipping?.lat}|${s.delivery?.lng},${s.delivery?.lat}`;

type TMode = 'curve' | 'driving';
type TRoute = TLngLat[] | 'failed';

/**
 * Spec 2.4 "Logistics trajectory map": each shipment from its shipping place to its delivery place as the
 * spec's curve (10 points, curvature 0.3) between two dots; a click on a dot shows the shipment. Where a map
 * service is configured, driving routes (least time) can replace the curves; a route that fails keeps its
 * curve under "failed to get driving data". Shipments without coordinates are listed: "unable to locate the
 * address".
 */
export function TrajectoryMapDialog({
  open,
  onClose,
  shipments,
  settings = OFFLINE_MAP_SETTINGS,
  loading = false,
}: {
  open: boolean;
  onClose: () => void;
  shipments: readonly TShipment[];
  /** The map configuration; the driving-route choice is offered only with a map service. */
  settings?: TMapSettings;
  /** The shipments are still being fetched. */
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const map = useRef<TMapViewHandle>(null);
  const [mode, setMode] = useState<TMode>('curve');
  const [selected, setSelected] = useState<TShipment | null>(null);
  const [routes, setRoutes] = useState<Readonly<Record<string, TRoute>>>({});
  const requested = useRef(new Set<string>());
  const routing = canRoute(settings);
  const driving = routing && mode === 'driving';

  const located = useMemo(
    () =>
      shipments.flatMap((s, index) =>
        locatable(s.shipping) && locatable(s.delivery)
          ? [{ s, index, from: s.shipping, to: s.delivery }]
          : [],
      ),
    [shipments],
  );

  // Routes are asked for once per pair of places, when the driving routes are first shown.
  useEffect(() => {
    if (!driving) return;
    for (const { s, from, to } of located) {
      const key = routeKey(s, settings);
      if (requested.current.has(key)) continue;
      requested.current.add(key);
      drivingRoute(settings, lngLat(from), lngLat(to), lang).then(
        (path) => setRoutes((done) => ({ ...done, [key]: path })),
        () => setRoutes((done) => ({ ...done, [key]: 'failed' })),
      );
    }
  }, [driving, located, settings, lang]);

  const points = useMemo<TMapPoint[]>(
    () =>
      shipments.flatMap((s, index) => {
        const shipper = pickLangText(lang, s.deliveryEnterprise, s.deliveryEnterpriseEn);
        const receiver = pickLangText(lang, s.receiveCompanyName, s.receiveCompanyNameEn);
        const ends: TMapPoint[] = [];
        if (locatable(s.shipping))
          ends.push({
            id: `${index}:shipping`,
            ...s.shipping,
            color: COLOURS.shipping,
            label: shipper,
            detail: `${t('map.trajectory.shipping')} · ${s.billNo} · ${s.shippingAddress}`,
          });
        if (locatable(s.delivery))
          ends.push({
            id: `${index}:delivery`,
            ...s.delivery,
            color: COLOURS.delivery,
            label: receiver,
            detail: `${t('map.trajectory.delivery')} · ${s.billNo} · ${s.deliveryAddress}`,
          });
        return ends;
      }),
    [shipments, lang, t],
  );

  const lines = useMemo<TMapLine[]>(
    () =>
      located.map(({ s, index, from, to }) => {
        const route = driving ? routes[routeKey(s, settings)] : undefined;
        return Array.isArray(route)
          ? { id: `${index}:route`, coordinates: route, color: COLOURS.route }
          : {
              id: `${index}:curve`,
              coordinates: curvePoints(lngLat(from), lngLat(to)),
              color: COLOURS.curve,
            };
      }),
    [located, driving, routes, settings],
  );

  const failedBills = driving ? located.filter(({ s }) => routes[routeKey(s, settings)] === 'failed') : [];
  const waiting = driving && located.some(({ s }) => routes[routeKey(s, settings)] === undefined);
  const unlocated = shipments.filter((s) => !locatable(s.shipping) || !locatable(s.delivery));
  const shown = selected && shipments.includes(selected) ? selected : null;
  const sep = t('common.listSeparator');
  const title = t('map.trajectory.title');

  return (
    <AppDialog
      open={open}
      title={title}
      onCancel={onClose}
      readOnly
      loading={loading}
      width={1000}
      testId="trajectory-map-dialog"
    >
      {shipments.length === 0 ? (
        <Empty description={t('map.trajectory.empty')} />
      ) : (
        <>
          <div className="map-dialog-toolbar">
            <div className="map-dialog-legend">
              <LegendDot color={COLOURS.shipping} text={t('map.trajectory.shipping')} />
              <LegendDot color={COLOURS.delivery} text={t('map.trajectory.delivery')} />
              {routing && (
                <Radio.Group
                  value={mode}
                  onChange={(e) => setMode(e.target.value as TMode)}
                  optionType="button"
                  size="small"
                  data-testid="trajectory-mode"
                  options={[
                    { value: 'curve', label: t('map.trajectory.modes.curve') },
                    { value: 'driving', label: t('map.trajectory.modes.driving') },
                  ]}
                />
              )}
              {waiting && (
                <Typography.Text type="secondary" data-testid="trajectory-routing">
                  <Spin size="small" /> {t('map.trajectory.routing')}
                </Typography.Text>
              )}
            </div>
            <BusinessMapDownload map={map} title={title} defaultFileName={title} />
          </div>
          {failedBills.length > 0 && (
            <Alert
              className="map-dialog-section"
              type="error"
              showIcon
              data-testid="trajectory-driving-failed"
              message={t('map.errors.drivingFailed')}
              description={t('map.trajectory.drivingFailedBills', {
                bills: failedBills.map(({ s }) => s.billNo).join(sep),
              })}
            />
          )}
          <div className="map-dialog-section">
            <MapView
              ref={map}
              points={points}
              lines={lines}
              onPointClick={(id) => setSelected(shipments[Number(id.split(':')[0])] ?? null)}
              height={440}
              label={t('map.trajectory.label')}
              testId="trajectory-map"
            />
          </div>
          {unlocated.length > 0 && (
            <Alert
              className="map-dialog-section"
              type="warning"
              showIcon
              data-testid="trajectory-unlocated"
              message={t('map.trajectory.unlocatedTitle')}
              description={
                <ul className="map-unlocated-list">
                  {unlocated.map((s, index) => {
                    const ends = [
                      ...(locatable(s.shipping) ? [] : [t('map.trajectory.shipping')]),
                      ...(locatable(s.delivery) ? [] : [t('map.trajectory.delivery')]),
                    ];
                    return (
                      <li key={index}>
                        {t('map.unlocatedItem', {
                          name: t('map.trajectory.billEnds', { billNo: s.billNo, ends: ends.join(sep) }),
                          message: t('map.errors.unlocated'),
                        })}
                      </li>
                    );
                  })}
                </ul>
              }
            />
          )}
          {shown ? (
            <ShipmentDetails shipment={shown} />
          ) : (
            <Typography.Paragraph type="secondary" className="map-dialog-section">
              {t('map.trajectory.hint')}
            </Typography.Paragraph>
          )}
        </>
      )}
    </AppDialog>
  );
}

function ShipmentDetails({ shipment: s }: { shipment: TShipment }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Descriptions
      className="map-dialog-section"
      title={t('map.trajectory.detailTitle')}
      size="small"
      bordered
      column={2}
      data-testid="trajectory-detail"
      items={[
        { key: 'billNo', label: t('map.trajectory.fields.billNo'), children: s.billNo },
        {
          key: 'carrier',
          label: t('map.trajectory.fields.carrierEnterpriseNo'),
          children: s.carrierEnterpriseNo || EMPTY_TEXT,
        },
        {
          key: 'shipper',
          label: t('map.trajectory.fields.deliveryEnterprise'),
          children: pickLangText(lang, s.deliveryEnterprise, s.deliveryEnterpriseEn) || EMPTY_TEXT,
        },
        {
          key: 'receiver',
          label: t('map.trajectory.fields.receiveCompanyName'),
          children: pickLangText(lang, s.receiveCompanyName, s.receiveCompanyNameEn) || EMPTY_TEXT,
        },
        {
          key: 'from',
          label: t('map.trajectory.fields.shippingAddress'),
          children: s.shippingAddress || EMPTY_TEXT,
        },
        {
          key: 'to',
          label: t('map.trajectory.fields.deliveryAddress'),
          children: s.deliveryAddress || EMPTY_TEXT,
        },
        {
          key: 'checkout',
          label: t('map.trajectory.fields.checkoutDate'),
          children: formatDateTime(s.checkoutDate),
        },
        {
          key: 'arrival',
          label: t('map.trajectory.fields.arrivalDate'),
          children: formatDateTime(s.arrivalDate),
        },
      ]}
    />
  );
}
