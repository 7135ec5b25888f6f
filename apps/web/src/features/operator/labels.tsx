import { Typography } from 'antd';
import { BUSINESS_ATTRIBUTES, type TScene } from '@tracehub/contract';
import type { TRenderContext } from '../../shared/options';

/** The scenario in the current language (the enterprise side's scene names). */
export function sceneText(scene: TScene | null, ctx: TRenderContext): string | null {
  if (!scene) return null;
  return ctx.t(`identify.form.options.scene.${scene === 'US&EU' ? 'USEU' : scene}`);
}

const isBusinessAttribute = (v: string): v is (typeof BUSINESS_ATTRIBUTES)[number] =>
  (BUSINESS_ATTRIBUTES as readonly string[]).includes(v);

export function businessAttributeText(value: string | null, ctx: TRenderContext): string | null {
  if (!value) return null;
  return isBusinessAttribute(value) ? ctx.t(`identify.form.options.businessAttribute.${value}`) : value;
}

/** Long identifiers (DIDs, chain addresses) in monospace, shortened in the middle, copyable in full. */
export function MonoText({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Typography.Text className="mono-text" copyable={{ text }} ellipsis={{ tooltip: text }}>
      {text}
    </Typography.Text>
  );
}
