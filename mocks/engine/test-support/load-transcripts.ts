// Test helper: the real fixture transcripts (mocks/fixtures/transcripts, both formats) as the
// engine's Message[], through the project's own importers. Each transcript and each subagent
// window is one list; ids are m0.., agent_path 'primary', created_at as recorded.

import { loadFixturesFromDisk } from '../../importers/node-fixtures';
import type { ImportedTranscript } from '../../../src/domain/transcripts/types';
import { estimateMessageTokens } from '../estimate';
import type { Message } from '../types';

export interface LoadedTranscript {
  name: string;
  sessionId: string;
  messages: Message[];
}

let cache: ImportedTranscript[] | null = null;
const transcripts = () => (cache ??= loadFixturesFromDisk());

function toMessages(t: ImportedTranscript, sessionId: string): Message[] {
  return t.messages.map((m, i) => ({
    id: `m${i}`,
    session_id: sessionId,
    agent_path: 'primary',
    index: i,
    role: m.role,
    content: m.content,
    tool_calls: m.tool_calls,
    tool_call_id: m.tool_call_id,
    tool_name: m.tool_name,
    created_at: m.created_at,
    superseded: false,
    superseded_by: null,
    pin: null,
    metadata: {
      token_estimate: estimateMessageTokens(m),
      kind: null,
      always_keep: false,
      always_keep_source: null,
      compaction_id: null,
      compactor_cost: null,
    },
  }));
}

function load(t: ImportedTranscript, name: string): LoadedTranscript {
  const sessionId = `ses_${name}`;
  return { name, sessionId, messages: toMessages(t, sessionId) };
}

/** The mini-swe-agent trajectory file names. */
export function openaiChatFiles(): string[] {
  return transcripts()
    .filter((t) => t.format === 'openai-chat')
    .map((t) => t.source_file)
    .sort();
}

/** One mini-swe-agent trajectory by file name. */
export function loadOpenAiChat(file: string): LoadedTranscript {
  const t = transcripts().find((x) => x.source_file === file);
  if (!t) throw new Error(`no fixture ${file}`);
  return load(t, file.replace(/\.traj\.json$/, ''));
}

/** Every context window in the fixtures: each transcript's own and each of its subagents', both formats. */
export function allTranscriptWindows(): LoadedTranscript[] {
  return transcripts().flatMap((t) => [
    load(t, t.source_file),
    ...t.subagents.map((s) => load(s, `${t.source_file}/${s.external_id}`)),
  ]);
}
