import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../shared/AppDialog';
import { ResourceList } from '../../shared/list/ResourceList';
import { vinMapResource } from './vinMapResource';

/** Spec 2.4 "VIN map check result": a task's VINs complete or uncomplete (vinMapResource). */
export function VinMapDialog({
  taskId,
  open,
  onClose,
}: {
  taskId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppDialog open={open} onCancel={onClose} readOnly width={1200} title={t('checking.vinMap.title')}>
      <div data-testid="vin-map-dialog">
        <Typography.Paragraph type="secondary">{t('checking.vinMap.hint')}</Typography.Paragraph>
        {open && <ResourceList resource={vinMapResource} fixed={{ taskId }} />}
      </div>
    </AppDialog>
  );
}
