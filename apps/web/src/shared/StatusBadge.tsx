import type { ReactNode } from 'react';
import { BADGE_COLOURS } from '@tracehub/contract';

export type TBadgeColour = keyof typeof BADGE_COLOURS;

/**
 * The label's text in each colour, dark enough to read on its tint (WCAG AA, 4.5:1 and more): the spec's
 * colours themselves are too light for text (the green is 2.0:1 on white), so they tint and outline.
 */
const TEXT_COLOURS: Readonly<Record<TBadgeColour, string>> = {
  blue: '#0958D9',
  green: '#237804',
  yellow: '#8A5A00',
  grey: '#5C6370',
  red: '#C0392B',
  primary: '#0F7A64',
};

/**
 * Coloured label or dot of spec 2.5 (blue, green, yellow, grey, red, primary). The label is a tinted pill,
 * the dot a coloured circle before plain text.
 */
export function StatusBadge({
  colour,
  variant = 'label',
  children,
  testId,
}: {
  colour: TBadgeColour;
  variant?: 'label' | 'dot';
  children: ReactNode;
  testId?: string;
}) {
  const hex = BADGE_COLOURS[colour];
  if (variant === 'dot') {
    return (
      <span className="status-dot" data-testid={testId}>
        <i style={{ background: hex }} />
        {children}
      </span>
    );
  }
  return (
    <span
      className="status-label"
      style={{ color: TEXT_COLOURS[colour], background: `${hex}1a`, borderColor: `${hex}66` }}
      data-testid={testId}
    >
      {children}
    </span>
  );
}
