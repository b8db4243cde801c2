import { useId, useState, type KeyboardEvent } from 'react';
import {
  allowsMinus,
  normalizeNumberInput,
  sanitizeTyping,
  stepNumber,
  type NumberInputOptions,
} from '../client/number-input';

interface Props extends NumberInputOptions {
  label: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  increaseLabel: string;
  decreaseLabel: string;
  name?: string;
}

/** A text field for numbers (no spinner quirks): typing is filtered, the value is committed on blur/Enter. */
export default function NumberInput({
  label,
  value: initial = null,
  onChange,
  increaseLabel,
  decreaseLabel,
  name,
  ...options
}: Props) {
  const id = useId();
  const [value, setValue] = useState<number | null>(initial ?? (options.allowEmpty ? null : (options.min ?? 0)));
  const [text, setText] = useState(value == null ? '' : String(value));

  const commit = (next: number | null) => {
    setValue(next);
    setText(next == null ? '' : String(next));
    onChange?.(next);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      commit(stepNumber(normalizeNumberInput(text, options), e.key === 'ArrowUp' ? 1 : -1, options));
    } else if (e.key === 'Enter') {
      commit(normalizeNumberInput(text, options));
    }
  };
  const atMin = options.min != null && value != null && value <= options.min;
  const atMax = options.max != null && value != null && value >= options.max;

  return (
    <div className="number-input">
      <label htmlFor={id}>{label}</label>
      <div className="number-input__row">
        <button
          type="button"
          className="icon-btn"
          aria-label={decreaseLabel}
          aria-controls={id}
          disabled={atMin}
          onClick={() => commit(stepNumber(value, -1, options))}
        >
          −
        </button>
        <input
          id={id}
          name={name}
          type="text"
          inputMode={allowsMinus(options.min) ? 'text' : 'numeric'}
          role="spinbutton"
          aria-valuemin={options.min ?? undefined}
          aria-valuemax={options.max ?? undefined}
          aria-valuenow={value ?? undefined}
          value={text}
          onChange={(e) => setText(sanitizeTyping(e.target.value, options))}
          onBlur={() => commit(normalizeNumberInput(text, options))}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="icon-btn"
          aria-label={increaseLabel}
          aria-controls={id}
          disabled={atMax}
          onClick={() => commit(stepNumber(value, 1, options))}
        >
          +
        </button>
      </div>
    </div>
  );
}
