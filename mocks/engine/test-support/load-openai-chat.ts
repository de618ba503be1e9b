// Test helper: a real mini-swe-agent trajectory (OpenAI chat format) as a Message[] for the
// engine. Reads the project copy of the fixtures when present, else the shared set.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { estimateMessageTokens } from '../estimate';
import type { Message, Role, ToolCall } from '../types';

const DIRS = ['/work/main/mocks/fixtures/transcripts/openai-chat', '/work/shared/fixtures/transcripts/openai-chat'];

export function openaiChatDir(): string {
  const dir = DIRS.find((d) => existsSync(d) && readdirSync(d).some((f) => f.endsWith('.traj.json')));
  if (!dir) throw new Error(`no openai-chat fixtures in ${DIRS.join(' or ')}`);
  return dir;
}

export function openaiChatFiles(): string[] {
  return readdirSync(openaiChatDir())
    .filter((f) => f.endsWith('.traj.json'))
    .sort();
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function text(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map((p) => (isObject(p) && typeof p.text === 'string' ? p.text : '')).join('');
  return '';
}

function toolCalls(v: unknown): ToolCall[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((c) => {
    if (!isObject(c) || typeof c.id !== 'string' || !isObject(c.function)) return [];
    const fn = c.function;
    return [{ id: c.id, name: typeof fn.name === 'string' ? fn.name : '', arguments: typeof fn.arguments === 'string' ? fn.arguments : '' }];
  });
}

const ROLES: readonly Role[] = ['system', 'user', 'assistant', 'tool'];
const BASE_TIME = Date.UTC(2026, 5, 1, 9, 0, 0);

export interface LoadedTranscript {
  name: string;
  sessionId: string;
  messages: Message[];
}

/** ids m0.., agent_path 'primary', created_at one second apart; role 'exit' records are skipped. */
export function loadOpenAiChat(file: string): LoadedTranscript {
  const raw: unknown = JSON.parse(readFileSync(join(openaiChatDir(), file), 'utf8'));
  if (!isObject(raw) || !Array.isArray(raw.messages)) throw new Error(`${file}: no messages[]`);
  const name = file.replace(/\.traj\.json$/, '');
  const sessionId = `ses_${name}`;
  const callNames = new Map<string, string>();
  const messages: Message[] = [];
  for (const r of raw.messages) {
    if (!isObject(r) || typeof r.role !== 'string') continue;
    const role = ROLES.find((x) => x === r.role);
    if (!role) continue;
    const calls = role === 'assistant' ? toolCalls(r.tool_calls) : [];
    for (const c of calls) callNames.set(c.id, c.name);
    const toolCallId = role === 'tool' && typeof r.tool_call_id === 'string' ? r.tool_call_id : null;
    const content = text(r.content);
    const i = messages.length;
    messages.push({
      id: `m${i}`,
      session_id: sessionId,
      agent_path: 'primary',
      index: i,
      role,
      content,
      tool_calls: calls,
      tool_call_id: toolCallId,
      tool_name: toolCallId === null ? null : (callNames.get(toolCallId) ?? null),
      created_at: new Date(BASE_TIME + i * 1000).toISOString(),
      superseded: false,
      superseded_by: null,
      pin: null,
      metadata: {
        token_estimate: estimateMessageTokens({ content, tool_calls: calls }),
        kind: null,
        always_keep: false,
        always_keep_source: null,
        compaction_id: null,
        compactor_cost: null,
      },
    });
  }
  return { name, sessionId, messages };
}
