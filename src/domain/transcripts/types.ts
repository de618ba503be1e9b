// Shapes produced by the transcript importers (this folder). They turn real agent transcripts
// (mocks/fixtures/transcripts/ has samples) into one neutral, OpenAI-chat-like conversation model
// that the simulated kaged daemon seeds itself with (mocks/importers/, mocks/daemon/seeding/seed.ts).

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

/** Where a recorded compaction's summary text stands. */
export type SummaryStatus =
  /** The transcript holds the summary's text (ImportedCompaction.summary). */
  | 'recorded'
  /** The transcript holds only ciphertext (Codex's remote compaction): summary is SUMMARY_ENCRYPTED. */
  | 'encrypted'
  /** The transcript records the compaction but no summary: summary is SUMMARY_NOT_RECORDED. */
  | 'not_recorded';

export const SUMMARY_ENCRYPTED = 'summary not readable (encrypted)';
export const SUMMARY_NOT_RECORDED = 'summary not recorded';

/**
 * A compaction the transcript itself records (Claude Code's compact_boundary, Codex's `compacted`
 * record, Gemini CLI's history replaced by a <state_snapshot>), the same shape for every format.
 */
export interface ImportedCompaction {
  /** Index in messages[] of the first message AFTER the boundary (the summary is not in messages[]). */
  boundary_index: number;
  /** Formats that do not record the trigger read as auto, with a warning in the import report. */
  trigger: 'auto' | 'manual';
  /** The context before it, in tokens (see pre_tokens_source); 0 when nothing records it. */
  pre_tokens: number;
  /**
   * compact_metadata: the harness's own count written on the boundary (Claude Code preTokens);
   * recorded_usage: the input of the last recorded call before the boundary; none: not recorded.
   */
  pre_tokens_source: 'compact_metadata' | 'recorded_usage' | 'none';
  /** The input of the first recorded call after the boundary (before any later compaction); null without one. */
  post_tokens: number | null;
  /** The summary's text, or SUMMARY_ENCRYPTED / SUMMARY_NOT_RECORDED as summary_status says. */
  summary: string;
  summary_status: SummaryStatus;
  created_at: string;
  /** The summarizer's own call (Claude Code: the matching acompact subagent file; Codex: a usage record with no response), when present. */
  summarizer: { model: string; usage: ImportedUsage | null } | null;
}

export type ImportedFormat = 'claude-code' | 'openai-chat' | 'codex-rollout' | 'gemini-cli';

export interface ImportedTranscript {
  format: ImportedFormat;
  /** File name (no directory). */
  source_file: string;
  /** Claude Code: sessionId (subagents: "agent-<agentId>"); OpenAI chat: instance_id; Codex: session_meta id; Gemini CLI: sessionId. */
  external_id: string;
  /** The first user message's first line, at most 80 characters. */
  title: string;
  /** provider:model, e.g. "anthropic:claude-opus-4-6". */
  model: string;
  /** The model's context window in tokens as the transcript itself reports it (Codex token_count), else null. */
  reported_context_window: number | null;
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

/** One recorded call of a transcript, beside the estimates the simulator would have made before it. */
export interface TurnTokens {
  /** Index in messages[] of the assistant message this call produced. */
  message_index: number;
  /** The context the call was sent, as recorded: input + cache read + cache creation tokens. */
  recorded: number;
  /** The simulated daemon's estimate before the call: earlier recorded usage + the tokenizer's count of what came since. */
  estimate: number;
  /** The tokenizer alone: base + the messages' counts (no usage but the first call's). */
  content_estimate: number;
}

/** Token sizes of a transcript calibrated on its recorded usage (computed by mocks/importers/token-profile.ts). */
export interface TokenProfile {
  /** The tokenizer family's scale relative to o200k (mocks/engine/estimate.ts). */
  scale: number;
  /** System prompt + tool definitions: the first recorded call's input minus its messages; 0 without usage. */
  base_tokens: number;
  base_source: 'recorded_usage' | 'none';
  /** Per message of messages[]: its size in the context (calibrated where usage allows). */
  sizes: number[];
  /** Per recorded compaction: the size of its summary in the context. */
  summary_sizes: number[];
  /** Every call with recorded usage, in order. */
  turns: TurnTokens[];
}
