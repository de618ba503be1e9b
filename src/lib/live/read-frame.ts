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

/**
 * A message read already where it was received (the live-stream worker, off the page's main
 * thread): the text of a frame readFrame accepted, or the problem it found. The page only parses
 * the text again: checking a frame against the contract was a quarter of its work per event.
 */
export type CheckedMessage = { checked: string; problem?: never } | { checked?: never; problem: string };

/** What the worker hands over for a message received (readFrame's verdict, the frame as its text). */
export function checkMessage(data: unknown): CheckedMessage {
  const read = readFrame(data);
  return read.problem === undefined ? { checked: data as string } : { problem: read.problem };
}

function isChecked(data: unknown): data is CheckedMessage {
  return typeof data === 'object' && data !== null && ('checked' in data || 'problem' in data);
}

/** A socket's message: a checked one (checkMessage) as it was found, anything else read here (readFrame). */
export function readMessage(data: unknown): ReadFrame {
  if (!isChecked(data)) return readFrame(data);
  return data.problem === undefined ? { frame: JSON.parse(data.checked) as EventFrame } : { problem: data.problem };
}
