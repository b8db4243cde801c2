// The spec's number input: clamp to min and max; a minus sign only when min is null or negative;
// step 1 by default; an empty field becomes min (or 0) unless empty is allowed.
export interface NumberInputOptions {
  min?: number | null;
  max?: number | null;
  step?: number;
  allowEmpty?: boolean;
}

export function allowsMinus(min: number | null | undefined): boolean {
  return min == null || min < 0;
}

export function clamp(value: number, min?: number | null, max?: number | null): number {
  let v = value;
  if (min != null && v < min) v = min;
  if (max != null && v > max) v = max;
  return v;
}

/** What typing may leave in the field: digits, one decimal point, and a leading minus when allowed. */
export function sanitizeTyping(raw: string, options: NumberInputOptions = {}): string {
  const minus = allowsMinus(options.min) && raw.trimStart().startsWith('-');
  let body = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = body.indexOf('.');
  if (dot !== -1) body = body.slice(0, dot + 1) + body.slice(dot + 1).replace(/\./g, '');
  return (minus ? '-' : '') + body;
}

/** The committed value of a field (on blur or Enter): a number within bounds, or null if empty is allowed. */
export function normalizeNumberInput(raw: string, options: NumberInputOptions = {}): number | null {
  // Keep the sign here: '-3' with min 1 is clamped to 1, not read as 3 (the minus rule is for typing).
  const text = sanitizeTyping(raw, { ...options, min: null });
  const parsed = Number(text);
  if (text === '' || text === '-' || text === '.' || text === '-.' || !Number.isFinite(parsed)) {
    if (options.allowEmpty) return null;
    // min, or 0 — kept within the bounds (0 is no answer when the maximum is below it).
    return clamp(options.min ?? 0, options.min, options.max);
  }
  return clamp(parsed, options.min, options.max);
}

/** One step up (+1) or down (−1) from a value (empty counts as min or 0), kept within bounds. */
export function stepNumber(value: number | null, direction: 1 | -1, options: NumberInputOptions = {}): number {
  const step = options.step && options.step > 0 ? options.step : 1;
  const base = value ?? options.min ?? 0;
  // Round away float noise (0.1 + 0.2) to the step's own precision.
  const decimals = (String(step).split('.')[1] ?? '').length;
  const next = Number((base + direction * step).toFixed(decimals));
  return clamp(next, options.min, options.max);
}
