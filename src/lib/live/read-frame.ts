/**
 * One live frame as received: JSON text checked against the contract's EventFrame. A frame that is
 * not JSON text or breaks the contract is a problem to report, never a frame.
 */
import { checkWith } from '../../domain/contract/validation';
import { validate as eventFrameSchema } from '../../domain/contract/validators/schemas/event-frame.gen';
import type { EventFrame } from '../../domain/contract/types';

export type ReadFrame = { frame: EventFrame; problem?: never } | { frame?: never; problem: string };

export function readFrame(data: unknown): ReadFrame {
  let raw: unknown;
  try {
    if (typeof data !== 'string') throw new Error('binary');
    raw = JSON.parse(data);
  } catch {
    return { problem: 'Skipped a live frame that is not JSON text.' };
  }
  const failure = checkWith(eventFrameSchema, raw);
  if (failure !== null) {
    return { problem: `Skipped a live frame that breaks the contract at ${failure.fieldPath || '(root)'}: ${failure.message}.` };
  }
  return { frame: raw as EventFrame };
}
