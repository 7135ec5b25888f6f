import { useState, type RefObject } from 'react';
import { App, Button, Form, Input, Radio } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../shared/AppDialog';
import { ERROR_TOAST_SECONDS } from '../../shared/feedback';
import { downloadMap, type TMapImageFormat } from './exportMap';
import type { TMapViewHandle } from './mapItems';

/** Longest file name offered (without the extension). */
const FILE_NAME_MAX = 100;

/**
 * Spec 2.4 "Business map create and download": a button that opens a small dialog for the file name and the
 * format (PNG or SVG), then saves the current picture of `map` (a MapView's ref) with `title` written on it.
 */
export function BusinessMapDownload({
  map,
  title,
  defaultFileName,
  disabled = false,
}: {
  map: RefObject<TMapViewHandle | null>;
  /** Written at the top left of the picture; none when omitted. */
  title?: string;
  /** The file name offered (no extension); the spec's "business map" by default. */
  defaultFileName?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fileName, setFileName] = useState('');
  const [format, setFormat] = useState<TMapImageFormat>('png');
  const fallbackName = defaultFileName ?? t('map.business.defaultFileName');

  const show = () => {
    setFileName(fallbackName);
    setOpen(true);
  };
  const save = async () => {
    const handle = map.current;
    setBusy(true);
    try {
      if (!handle) throw new Error('no map');
      await downloadMap(handle, { format, fileName, title, fallbackName });
      void message.success(t('map.business.downloaded'));
      setOpen(false);
    } catch {
      void message.error(t('map.business.failed'), ERROR_TOAST_SECONDS);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={show} disabled={disabled} data-testid="map-download">
        {t('map.business.download')}
      </Button>
      <AppDialog
        open={open}
        title={t('map.business.title')}
        onCancel={() => setOpen(false)}
        onConfirm={() => void save()}
        confirmText={t('map.business.download')}
        submitting={busy}
        width={420}
        testId="map-download-dialog"
      >
        {/* Enter in the name submits the form: the same as the download button. */}
        <Form layout="vertical" onFinish={() => void save()}>
          <Form.Item label={t('map.business.fileName')}>
            <Input
              value={fileName}
              maxLength={FILE_NAME_MAX}
              placeholder={t('map.business.fileNamePlaceholder')}
              onChange={(e) => setFileName(e.target.value)}
              data-testid="map-download-name"
            />
          </Form.Item>
          <Form.Item label={t('map.business.format')} style={{ marginBottom: 0 }}>
            <Radio.Group
              value={format}
              onChange={(e) => setFormat(e.target.value as TMapImageFormat)}
              data-testid="map-download-format"
              options={[
                { value: 'png', label: t('map.business.formats.png') },
                { value: 'svg', label: t('map.business.formats.svg') },
              ]}
            />
          </Form.Item>
        </Form>
      </AppDialog>
    </>
  );
}
