import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TScene } from '@tracehub/contract';

/** Scene of the current enterprise (spec 2.5): EU raw-material, US compliance, US&EU both. */
export function SceneTitle({ scene }: { scene: TScene | null | undefined }) {
  const { t } = useTranslation();
  if (!scene) return null;
  const labels = { US: t('common.scene.US'), EU: t('common.scene.EU'), 'US&EU': t('common.scene.USEU') };
  return (
    <Tag bordered={false} className="scene-title" data-testid="scene-title">
      {labels[scene]}
    </Tag>
  );
}
