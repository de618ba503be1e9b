// Structural checks on an imported transcript, used by the tests (and usable by anything
// that seeds the simulated daemon): tool-call pairing, parallel calls, merged responses.

import type { ImportedTranscript } from './types';

export interface ToolPairing {
  /** Tool messages whose tool_call_id matches no call of an EARLIER assistant message. */
  orphanResults: { index: number; tool_call_id: string | null }[];
  /** Calls that no later tool message answers. */
  danglingCalls: { messageIndex: number; id: string; name: string }[];
  /** Call ids used by more than one call. */
  duplicateCallIds: string[];
  /** Calls answered by more than one tool message. */
  multiplyAnswered: string[];
}

export function checkToolPairing(t: ImportedTranscript): ToolPairing {
  const calls = new Map<string, { messageIndex: number; name: string }>();
  const answers = new Map<string, number>();
  const out: ToolPairing = { orphanResults: [], danglingCalls: [], duplicateCallIds: [], multiplyAnswered: [] };
  t.messages.forEach((m, index) => {
    if (m.role === 'assistant') {
      for (const call of m.tool_calls) {
        if (calls.has(call.id)) out.duplicateCallIds.push(call.id);
        calls.set(call.id, { messageIndex: index, name: call.name });
      }
    } else if (m.role === 'tool') {
      if (m.tool_call_id === null || !calls.has(m.tool_call_id)) {
        out.orphanResults.push({ index, tool_call_id: m.tool_call_id });
      } else {
        answers.set(m.tool_call_id, (answers.get(m.tool_call_id) ?? 0) + 1);
      }
    }
  });
  for (const [id, call] of calls) {
    const n = answers.get(id) ?? 0;
    if (n === 0) out.danglingCalls.push({ messageIndex: call.messageIndex, id, name: call.name });
    if (n > 1) out.multiplyAnswered.push(id);
  }
  return out;
}

export interface TranscriptCounts {
  messages: number;
  toolCalls: number;
  /** Assistant messages with at least one tool call. */
  toolUseMessages: number;
  /** Assistant messages with more than one tool call. */
  parallelMessages: number;
  compactions: number;
}

export function countTranscript(t: ImportedTranscript): TranscriptCounts {
  let toolCalls = 0;
  let toolUseMessages = 0;
  let parallelMessages = 0;
  for (const m of t.messages) {
    toolCalls += m.tool_calls.length;
    if (m.tool_calls.length > 0) toolUseMessages++;
    if (m.tool_calls.length > 1) parallelMessages++;
  }
  return { messages: t.messages.length, toolCalls, toolUseMessages, parallelMessages, compactions: t.compactions.length };
}

/** Indexes i where messages i-1 and i are assistant messages with the same external_id. */
export function unmergedResponses(t: ImportedTranscript): number[] {
  const out: number[] = [];
  for (let i = 1; i < t.messages.length; i++) {
    const a = t.messages[i - 1];
    const b = t.messages[i];
    if (a && b && a.role === 'assistant' && b.role === 'assistant' && a.external_id !== null && a.external_id === b.external_id) {
      out.push(i);
    }
  }
  return out;
}
