import { open } from 'node:fs/promises';

/** Array elements stringified together: small enough that one batch of big records takes milliseconds. */
const BATCH = 256;
/** Text written at a time (each write lets the event loop answer what waits). */
const WRITE_BYTES = 1 << 20;
/** How deep the walk goes before an object is stringified whole (a snapshot's records are at depth 4-5). */
const MAX_DEPTH = 6;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';

/**
 * The text JSON.stringify(value) gives, in parts none of which is long to make: plain objects are
 * walked (to MAX_DEPTH), arrays stringified natively a batch of elements at a time, the rest
 * natively. For plain data (as a persisted snapshot is): what JSON.stringify leaves out of an
 * object (undefined, functions, symbols) is left out the same way.
 */
export function* jsonParts(value: unknown, depth = 0): Generator<string> {
  if (Array.isArray(value) && value.length > BATCH) {
    yield '[';
    for (let i = 0; i < value.length; i += BATCH) yield (i > 0 ? ',' : '') + JSON.stringify(value.slice(i, i + BATCH)).slice(1, -1);
    yield ']';
  } else if (isObject(value) && depth < MAX_DEPTH) {
    yield '{';
    let first = true;
    for (const [key, v] of Object.entries(value)) {
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
      yield `${first ? '' : ','}${JSON.stringify(key)}:`;
      first = false;
      yield* jsonParts(v, depth + 1);
    }
    yield '}';
  } else {
    yield JSON.stringify(value) ?? 'null';
  }
}

/**
 * Writes JSON.stringify(value) to `path` a megabyte at a time, so a large value (a bench-scale
 * seed, 200 MB) never holds the event loop for seconds: made whole and written at once, it kept a
 * simulator from answering for 5-15 s after its first seed (the page's first reads timed out).
 */
export async function writeJsonFile(path: string, value: unknown): Promise<void> {
  const file = await open(path, 'w');
  try {
    let pending: string[] = [];
    let size = 0;
    for (const part of jsonParts(value)) {
      pending.push(part);
      size += part.length;
      if (size >= WRITE_BYTES) {
        await file.write(pending.join(''));
        pending = [];
        size = 0;
      }
    }
    await file.write(pending.join(''));
  } finally {
    await file.close();
  }
}
