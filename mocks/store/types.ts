import type { CostParts } from '../../src/domain/accounting/cost';
import type { components } from '../../src/domain/contract/schema.gen';
import type { CompactedOutcome } from '../engine/engine-types';
import type { ImportJob } from '../../src/domain/contract/simulator-imports';

/** The wire shapes, straight from the generated contract types. */
export type Schemas = components['schemas'];
export type Message = Schemas['Message'];
export type CompactionRecord = Schemas['CompactionRecord'];
export type Checkpoint = Schemas['Checkpoint'];
export type AuditEvent = Schemas['AuditEvent'];
export type AuditType = Schemas['AuditType'];
export type EventFrame = Schemas['EventFrame'];
export type EventType = Schemas['EventType'];
export type SessionStatus = Schemas['SessionStatus'];
export type CompactRequest = Schemas['CompactRequest'];
export type CompactResult = Schemas['CompactResult'];

export interface AgentState {
  agent_path: string;
  parent_path: string | null;
  name: string;
  model_alias: string;
  /** Every message of this agent's window, superseded ones included, in history order. */
  messages: Message[];
  /** The agent's own compaction values by dotted key; absent keys inherit. */
  own: Record<string, unknown>;
  config_version: number;
  /** The agent's own (primary) model calls, priced part by part at its model's prices (cache-aware). */
  primary_cost: CostParts;
  /** A total the transcript itself recorded for those calls (a trajectory's instance cost): it replaces the priced parts. */
  primary_recorded_usd?: number | null;
  /** The simulator's last call of this agent: what it was sent, and the session's record count then (a compaction since breaks the cached prefix). */
  last_call?: { tokens: number; compactions: number } | null;
  /** The context window the agent's transcript says its harness used (Codex token_count), when it says. */
  reported_window?: number | null;
  /** The window the transcript's harness runs with by default (Claude Code: 200k), when the transcript says none. */
  harness_window?: number | null;
  /** Plugins declared on this agent, in manifest-declaration order. */
  plugins: string[];
  /** Simulation switches: make this agent's summarizer calls fail. */
  summarizer_fails: boolean;
  /**
   * Tokens of the context the messages do not hold (an imported transcript's system prompt and
   * tool definitions, revealed by its first recorded call's usage), in every estimate. Absent: 0.
   */
  base_tokens?: number;
  /** What an imported transcript recorded about this agent's calls and compactions (replay's "what really happened"). */
  recorded?: RecordedHistory | null;
  /** The transcript file an imported agent was read from (its name, no folder). */
  source_file?: string;
}

/** Per call with recorded usage: the recorded context beside the simulator's estimate before the call. */
export interface RecordedTurn {
  /** The assistant message the call produced. */
  message_id: string;
  /** input + cache read + cache creation tokens, as recorded. */
  recorded: number;
  /** The simulated daemon's estimate before the call (earlier recorded usage + tokenizer for what came since). */
  estimate: number;
  /** The tokenizer alone (base + message counts), without any usage but the first call's. */
  content_estimate: number;
  output_tokens: number;
}

/** A compaction the transcript recorded: its figures are its CompactionRecord's (compaction_id), one truth for every screen. */
export interface RecordedCompaction {
  compaction_id: string;
  /** The first message after the boundary (null when the boundary ends the transcript). */
  before_message_id: string | null;
  trigger: 'auto' | 'manual';
  summary: string;
}

export interface RecordedHistory {
  base_source: 'recorded_usage' | 'none';
  /** The tokenizer family's scale used for this agent's messages. */
  token_scale: number;
  turns: RecordedTurn[];
  compactions: RecordedCompaction[];
}

export interface SessionState {
  id: string;
  project_id: string;
  title: string;
  status: SessionStatus;
  created_at: string;
  updated_at: string;
  source: Schemas['SessionSummary']['source'];
  /** Parents before children. */
  agents: AgentState[];
  pending_checkpoint_id: string | null;
  /** In creation order. */
  compactions: CompactionRecord[];
  /** In creation order. */
  checkpoints: Checkpoint[];
  /**
   * compaction_pending checkpoint id → the proposal as computed when it paused the session, with
   * the active list it was computed on: approving applies exactly this.
   */
  proposals: Record<string, { outcome: CompactedOutcome; active_ids: string[] }>;
  run_seq: number;
  /** Read from a transcript file still being written (--follow): from where, when its last line came. */
  followed?: NonNullable<Schemas['SessionSummary']['followed']>;
}

/** An agent's figures as the views showed them when its messages were dropped (they need its messages to be made). */
export type HeldAgentView = Pick<Schemas['Agent'], 'estimate_parts' | 'recorded_peak_tokens' | 'message_count' | 'superseded_count'>;

/**
 * A followed session whose messages (and recorded calls) were dropped from memory while idle and
 * unviewed, to be read again from its file when asked (daemon/transcripts/resident-sessions.ts).
 */
export interface DroppedSession {
  /** What the dropped data hashed to: a re-read that gives anything else found the file changed. */
  fingerprint: string;
  /** By agent path. */
  views: Record<string, HeldAgentView>;
}

/** Which session (and agent) a file's bytes became: the import registry's entry per SHA-256. */
export interface ImportedFileEntry {
  session_id: string;
  agent_path: string;
  file: string;
  imported_at: string;
  job_id: string;
}

/** Transcript imports (simulator only): the jobs with their reports, and every imported file by content hash. */
export interface ImportRegistry {
  jobs: ImportJob[];
  files: Record<string, ImportedFileEntry>;
}

/** What was read of one followed file: its length in bytes up to its last complete line. */
export interface FollowedFile {
  bytes: number;
  /** Modification time (ms since the epoch) when read. */
  mtime_ms: number;
}

/** One followed session's files (a Claude Code session file with its subagent files, or a single transcript). */
export interface FollowedGroup {
  /** The session they became; null while nothing in them is a transcript yet. */
  session_id: string | null;
  /** Relative name → what was read of it. */
  files: Record<string, FollowedFile>;
  /** Why nothing was imported yet (the files are read again when they change). */
  refused: string | null;
}

/** The folder followed (--follow) and what was read of it, by group (its session file's relative name). */
export interface FollowRegistry {
  groups: Record<string, FollowedGroup>;
}

/** The operator's context window for a model (kept per ModelInfo.windowKey), versioned like other config. */
export interface WindowOverride {
  /** Null: no override (the catalog's window, or the fallback). */
  tokens: number | null;
  version: number;
  changed_by: string | null;
  changed_at: string | null;
}

export interface Project {
  id: string;
  name: string;
}
