import { MAP_SIZES } from './mapItems';
import { LABEL_STYLE, MAP_FONT_FAMILY } from './svgScene';

/** A label at a position of the picture, in CSS pixels. */
export interface TPictureLabel {
  x: number;
  y: number;
  text: string;
}

function canvas2d(width: number, height: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = Math.max(1, Math.round(height));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  return [canvas, context];
}

function drawText(
  context: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  size: number,
  bold = false,
) {
  context.font = `${bold ? '600 ' : ''}${size}px ${MAP_FONT_FAMILY}`;
  context.lineJoin = 'round';
  context.lineWidth = LABEL_STYLE.strokeWidth;
  context.strokeStyle = LABEL_STYLE.stroke;
  context.fillStyle = LABEL_STYLE.fill;
  context.strokeText(text, x, y);
  context.fillText(text, x, y);
}

/**
 * A PNG of a drawn canvas (MapLibre's, kept with preserveDrawingBuffer) with the labels, which are HTML over
 * it on screen, and the title drawn in, as the SVG picture has them.
 */
export function canvasToPngDataUrl(
  source: HTMLCanvasElement,
  cssWidth: number,
  labels: readonly TPictureLabel[],
  title?: string,
): string {
  const [out, context] = canvas2d(source.width, source.height);
  context.drawImage(source, 0, 0);
  const scale = cssWidth > 0 ? source.width / cssWidth : 1;
  context.scale(scale, scale);
  for (const label of labels) drawText(context, label.text, label.x + 8, label.y + 4, MAP_SIZES.labelFont);
  if (title) drawText(context, title, 12, 12 + MAP_SIZES.titleFont, MAP_SIZES.titleFont, true);
  return out.toDataURL('image/png');
}

/** A PNG of an SVG document (the fallback's picture), at the screen's pixel density. */
export async function svgToPngDataUrl(svg: string, width: number, height: number): Promise<string> {
  const scale = window.devicePixelRatio || 1;
  // A blob: image is allowed by the console's policy (img-src blob:) and never taints the canvas.
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const [out, context] = canvas2d(width * scale, height * scale);
    context.drawImage(image, 0, 0, out.width, out.height);
    return out.toDataURL('image/png');
  } finally {
    URL.revokeObjectURL(url);
  }
}
