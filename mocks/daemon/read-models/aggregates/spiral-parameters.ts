import type { Schemas } from '../../../store/types';
import { DaemonError } from '../../errors';

/** The spiral detector's parameters: defaults, each adjustable by a query parameter. */
export type SpiralParameters = Schemas['SpiralParameters'];
export const SPIRAL_DEFAULTS: SpiralParameters = { burst_count: 5, burst_minutes: 10, min_ratio: 0.95, min_ineffective: 3, min_noops: 3 };

function numberParam(params: URLSearchParams, name: keyof SpiralParameters, check: (n: number) => boolean, rule: string): number {
  const raw = params.get(name);
  if (raw === null || raw === '') return SPIRAL_DEFAULTS[name];
  const n = Number(raw);
  if (!Number.isFinite(n) || !check(n)) throw new DaemonError(400, 'invalid_request', `${name} must be ${rule}`, { field: name });
  return n;
}

export function parseSpiralParameters(params: URLSearchParams): SpiralParameters {
  const whole = (min: number) => (n: number) => Number.isInteger(n) && n >= min;
  return {
    burst_count: numberParam(params, 'burst_count', whole(2), 'a whole number ≥ 2'),
    burst_minutes: numberParam(params, 'burst_minutes', (n) => n > 0, 'a number of minutes > 0'),
    min_ratio: numberParam(params, 'min_ratio', (n) => n >= 0 && n <= 1, 'between 0 and 1'),
    min_ineffective: numberParam(params, 'min_ineffective', whole(1), 'a whole number ≥ 1'),
    min_noops: numberParam(params, 'min_noops', whole(1), 'a whole number ≥ 1'),
  };
}
