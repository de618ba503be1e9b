import { describe, expect, it } from 'vitest';
import { checkMessage, readFrame, readMessage } from './read-frame';

const frame = { seq: 7, type: 'session.updated', at: '2026-11-28T10:00:00.000Z', session_id: 'ses_a', data: {} };

describe('checkMessage and readMessage (a frame read in the worker, parsed again on the page)', () => {
  it('hands a frame the contract accepts over as its text, and the page gets the same frame as reading it there', () => {
    const text = JSON.stringify(frame);
    const checked = checkMessage(text);
    expect(checked).toEqual({ checked: text });
    expect(readMessage(checked)).toEqual(readFrame(text));
  });

  it("hands over the problem of a message that is not JSON text or breaks the contract, as the page's own reading says it", () => {
    for (const data of ['not json', new ArrayBuffer(4), JSON.stringify({ ...frame, seq: 'seven' })]) {
      const checked = checkMessage(data);
      expect(checked.problem).toBe(readFrame(data).problem);
      expect(readMessage(checked)).toEqual({ problem: checked.problem });
    }
  });

  it("reads a WebSocket's own message (text, or binary) itself", () => {
    expect(readMessage(JSON.stringify(frame))).toEqual({ frame });
    expect(readMessage(new ArrayBuffer(2)).problem).toMatch(/not JSON text/);
  });
});
