import type { RefObject } from 'react';
import { Button } from 'antd';
import { AimOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TNetworkCanvasHandle } from './NetworkCanvas';
import { savePng } from './savePng';

/** Fit to view and download as PNG, for a network shown as a graph. */
export function CanvasActions({
  canvas,
  fileName,
  testId,
}: {
  canvas: RefObject<TNetworkCanvasHandle | null>;
  /** The downloaded file's name, without the extension. */
  fileName: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button icon={<AimOutlined />} onClick={() => canvas.current?.fit()}>
        {t('graph.chain.fit')}
      </Button>
      <Button
        icon={<DownloadOutlined />}
        onClick={() => {
          const png = canvas.current?.toPng();
          if (png) savePng(png, `${fileName}.png`);
        }}
        data-testid={`${testId}-download`}
      >
        {t('graph.chain.download')}
      </Button>
    </>
  );
}
