import type { TokenProfile } from './token-profile';

// Shapes produced by the transcript importers (mocks/importers/*). The importers turn real
// agent transcripts (mocks/fixtures/transcripts/) into one neutral, OpenAI-chat-like
// conversation model that the simulated kaged daemon can seed itself with.

export interface ImportedToolCall {
  id: string;
  name: string;
  /** The call's arguments as JSON text. */
  arguments: string;
}

export interface ImportedUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

export interface ImportedMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  /**
   * Plain text. Assistant: its text blocks (thinking excluded). Tool: the result text
   * (array content flattened to text; images become "[image]").
   */
  content: string;
  /** Assistant only (empty otherwise). */
  tool_calls: ImportedToolCall[];
  /** Tool only. */
  tool_call_id: string | null;
  /** Tool only: the name of the call it answers, looked up from that call. */
  tool_name: string | null;
  /** ISO 8601. */
  created_at: string;
  /** Tool only: the result was an error. */
  is_error: boolean;
  /** Assistant only, when the source records it. */
  usage: ImportedUsage | null;
  /** Source uuid / API message id. */
  external_id: string | null;
  /**
   * Its size in the model's context when known better than its text shows (token-profile.ts:
   * calibrated on the transcript's recorded usage). Absent: the tokenizer counts the text.
   */
  context_tokens?: number;
}

export interface ImportedCompaction {
  /** Index in messages[] of the first message AFTER the boundary (the summary is not in messages[]). */
  boundary_index: number;
  trigger: 'auto' | 'manual';
  /** The context before it, in tokens; 0 when nothing records it. */
  pre_tokens: number;
  /** Where pre_tokens comes from (the formats' importers fill it; absent reads as compact_metadata when pre_tokens > 0). */
  pre_tokens_source?: 'compact_metadata' | 'recorded_usage' | 'none';
  /** The input of the first recorded call after the boundary; null or absent without one. */
  post_tokens?: number | null;
  /** Where the summary text stands (absent reads as recorded). */
  summary_status?: 'recorded' | 'encrypted' | 'not_recorded';
  /** The summary the compaction produced (Claude Code: the isCompactSummary user record's text). */
  summary: string;
  created_at: string;
  /** The summarizer's own call (Claude Code: the matching acompact subagent file), when present. */
  summarizer: { model: string; usage: ImportedUsage | null } | null;
}

export interface ImportedTranscript {
  format: 'claude-code' | 'openai-chat';
  /** File name (no directory). */
  source_file: string;
  /** Claude Code: sessionId (subagents: "agent-<agentId>"); OpenAI chat: instance_id. */
  external_id: string;
  /** The first user message's first line, at most 80 characters. */
  title: string;
  /** provider:model, e.g. "anthropic:claude-opus-4-6". */
  model: string;
  /** The model's context window as the transcript itself reports it (Codex token_count), else null or absent. */
  reported_context_window?: number | null;
  started_at: string;
  messages: ImportedMessage[];
  compactions: ImportedCompaction[];
  /** Claude Code: the A__subagents__B.jsonl files of session A, except the acompact ones. */
  subagents: ImportedTranscript[];
  /** OpenAI chat: info.model_stats.instance_cost. */
  cost_usd: number | null;
  /** Token sizes calibrated on the recorded usage (token-profile.ts), when computed ahead (e.g. in an import worker). */
  token_profile?: TokenProfile;
}

/** A line (JSONL) or entry (JSON) that could not be read. */
export interface MalformedEntry {
  file: string;
  /** 1-based line number (JSONL); null for a JSON document's entries. */
  line: number | null;
  /** e.g. messages[12] for a JSON document's entry. */
  where: string | null;
  reason: string;
}

/** What an import passed over on purpose, by reason ("thinking blocks", "progress records", ...), with counts. */
export type SkipCounts = Record<string, number>;

/** What an importer returns: the transcript plus what it skipped or could not make sense of. */
export interface ImportResult {
  transcript: ImportedTranscript;
  warnings: string[];
  /** Counted by reason; nothing here is a problem (see warnings / malformed for those). */
  skipped: SkipCounts;
  /** The same per file name, when the result covers several files (a session with its subagent files). */
  skippedByFile?: Record<string, SkipCounts>;
  malformed: MalformedEntry[];
}
