import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useDecimalProps } from './number-props';

type Props = Omit<NumberInputProps, 'value' | 'onChange' | 'onBlur'> & {
  value: number;
  /** Called with every valid number typed, so totals follow the typing. */
  onCommit: (value: number) => void;
  /** Called when the field is left, after an empty or wrong value was restored. */
  onLeave?: () => void;
  min?: number;
  max?: number;
};

/**
 * A number field that never leaves its value empty or out of range: domain.md §1.2 "on leaving the price
 * field, an empty value is restored to the previous value"; the same holds for amounts and the
 * transport fields, whose minimum is enforced the same way.
 */
export function KeptNumberInput({
  value,
  onCommit,
  onLeave,
  min = 0,
  max,
  decimalScale = 2,
  ...rest
}: Props) {
  const decimal = useDecimalProps();
  const [text, setText] = useState<number | string>(value);
  // A value changed from outside (a new warehouse's distance, a raised amount) shows at once.
  useEffect(() => setText(value), [value]);
  const valid = (n: number | string): n is number =>
    typeof n === 'number' && Number.isFinite(n) && n >= min && (max === undefined || n <= max);
  return (
    <NumberInput
      {...decimal}
      {...rest}
      decimalScale={decimalScale}
      min={min}
      max={max}
      clampBehavior="none"
      value={text}
      error={rest.error ?? (text !== '' && !valid(text))}
      onChange={(next) => {
        setText(next);
        if (valid(next)) onCommit(next);
      }}
      onBlur={() => {
        if (!valid(text)) setText(value);
        onLeave?.();
      }}
    />
  );
}
