import type { ReactNode } from 'react';
import { BADGE_COLOURS } from '@tracehub/contract';

export type TBadgeColour = keyof typeof BADGE_COLOURS;

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
      style={{ color: hex, background: `${hex}1a`, borderColor: `${hex}66` }}
      data-testid={testId}
    >
      {children}
    </span>
  );
}
