import { Input } from 'antd';
import { normalizeNumberInput } from '@tracehub/contract';

/** Up to 3 integer digits (±180) and 6 decimals (about 0.1 m), normalised while typing (spec 5). */
const COORDINATE_DIGITS = { integerDigits: 3, decimalDigits: 6 } as const;

export function CoordinateInput({
  value,
  onChange,
  placeholder,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  id?: string;
}) {
  return (
    <Input
      id={id}
      value={value}
      inputMode="decimal"
      placeholder={placeholder}
      onChange={(event) => onChange?.(normalizeNumberInput(event.target.value.trim(), COORDINATE_DIGITS))}
    />
  );
}
