/** Option parsers shared by commands: each throws a one-line BAD_INPUT error. */
import { FictionError } from '../errors.js';

export function positiveInt(name: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value.trim()) || Number(value) < 1 || !Number.isSafeInteger(Number(value)))
      throw new FictionError('BAD_INPUT', `${name} must be a positive integer, got "${value}"`);
    return Number(value);
  };
}

export function nonNegativeInt(name: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(Number(value)))
      throw new FictionError('BAD_INPUT', `${name} must be a non-negative integer, got "${value}"`);
    return Number(value);
  };
}
