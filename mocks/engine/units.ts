// Atomic compaction units (ADR-0024 decision 9): an assistant message with tool calls and
// all of its tool results form one unit, never split; every other message is its own unit.

import { messageTokens } from './estimate';
import type { Message } from './types';

export type UnitKind = 'tool_exchange' | 'single' | 'orphan_result';

export interface Unit {
  /** The id of the unit's first message. */
  key: string;
  kind: UnitKind;
  /** In list order. */
  messages: Message[];
  /** Positions of the messages in the grouped list, ascending. */
  positions: number[];
  pinned: boolean;
  tokens: number;
  /** Call ids of a tool exchange that have no result in the list (e.g. the turn in flight). */
  missing_results: string[];
}

/**
 * Groups a list into units, ordered by their first message. A tool result belongs to the
 * closest earlier assistant message that declared its tool_call_id and has not yet received
 * it (results may come in any order, and need not be adjacent); a result with no such call
 * is an orphan unit of its own. A unit is pinned if any of its messages is pinned.
 */
export function groupUnits(
  messages: readonly Message[],
  isPinned: (m: Message) => boolean = (m) => m.pin !== null,
): Unit[] {
  const members: number[][] = [];
  const kinds: UnitKind[] = [];
  // call id → unit numbers still waiting for that result (a stack: the closest call wins)
  const waiting = new Map<string, number[]>();

  messages.forEach((m, i) => {
    if (m.role === 'tool' && m.tool_call_id !== null) {
      const stack = waiting.get(m.tool_call_id);
      const owner = stack?.pop();
      if (owner !== undefined) {
        members[owner]?.push(i);
        return;
      }
      members.push([i]);
      kinds.push('orphan_result');
      return;
    }
    if (m.role === 'tool') {
      members.push([i]);
      kinds.push('orphan_result');
      return;
    }
    const u = members.length;
    members.push([i]);
    if (m.role === 'assistant' && m.tool_calls.length > 0) {
      kinds.push('tool_exchange');
      for (const call of m.tool_calls) {
        const stack = waiting.get(call.id) ?? [];
        stack.push(u);
        waiting.set(call.id, stack);
      }
    } else {
      kinds.push('single');
    }
  });

  return members.map((positions, u) => {
    const msgs: Message[] = new Array<Message>(positions.length);
    let pinned = false;
    let tokens = 0;
    for (let k = 0; k < positions.length; k++) {
      const m = messages[positions[k] as number] as Message;
      msgs[k] = m;
      if (!pinned && isPinned(m)) pinned = true;
      tokens += messageTokens(m);
    }
    const head = msgs[0] as Message;
    const kind = kinds[u] ?? 'single';
    return { key: head.id, kind, messages: msgs, positions, pinned, tokens, missing_results: kind === 'tool_exchange' ? missingResults(head, msgs) : [] };
  });
}

/** Call ids of a tool exchange's head that no result of the unit answers. */
function missingResults(head: Message, msgs: readonly Message[]): string[] {
  // Each result joined the unit by taking one of the head's calls (groupUnits): as many results as calls answer them all.
  if (msgs.length - 1 === head.tool_calls.length) return [];
  const answered = new Set<string | null>();
  for (const m of msgs) if (m.role === 'tool') answered.add(m.tool_call_id);
  return head.tool_calls.map((c) => c.id).filter((id) => !answered.has(id));
}

/**
 * The unit holding the list's last message: the turn in flight, never superseded. A unit's positions
 * ascend, so it holds the last message when its own last position is that one; sought from the last
 * unit back (it is usually the last or near it), not through every unit's positions.
 */
export function newestUnit(units: readonly Unit[], listLength: number): Unit | null {
  for (let k = units.length - 1; k >= 0; k--) {
    const u = units[k] as Unit;
    if (u.positions[u.positions.length - 1] === listLength - 1) return u;
  }
  return null;
}
