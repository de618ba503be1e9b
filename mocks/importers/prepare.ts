// From files as given (a folder, several files, one file) to transcripts ready to seed, with one
// report per file. Pure apart from the `pause` it awaits between slices of work, so the same code
// runs in the page's main thread (demo mode, via a Web Worker: import-worker.ts), in a worker,
// and in Node (loopback server, CLI folder import).
//
// - Format by content, not by name: a JSONL file whose records are Claude Code records
//   (type + sessionId / message) is a Claude Code session; a JSON document with messages[]
//   (mini-swe-agent), history[] (SWE-agent) or a bare array of chat messages is an OpenAI-chat
//   trajectory. Anything else is refused with a message naming the formats expected.
// - Claude Code subagent files (`A__subagents__B.jsonl`, `A/subagents/B.jsonl`, or records with
//   agentId / isSidechain) join the session whose records share their sessionId (else whose file
//   name is A). A subagent file whose session is not among the files is imported on its own with
//   a warning; a compaction agent file (agent-acompact-*) alone is reported, never dropped silently.
// - Token sizes are computed here (token-profile.ts), so seeding never tokenizes again.

import { importClaudeCodeParsed, importClaudeCodeSubagentAlone, isCompactionAgentFileName, isSubagentWindow } from '../../src/domain/transcripts/claude-code-session';
import { parseJsonlIncrementally, type ParsedJsonl } from '../../src/domain/transcripts/jsonl';
import { baseName, stringOrNull } from '../../src/domain/transcripts/common';
import { detectFormat, EXPECTED_FORMATS, type TranscriptFormat } from '../../src/domain/transcripts/formats';
import { conversationOf, importOpenAiChatDoc } from '../../src/domain/transcripts/openai-chat';
import { errorFigures, profileTokens } from './token-profile';
import { countTranscript } from '../../src/domain/transcripts/transcript-checks';
import type { ImportedTranscript, ImportResult } from '../../src/domain/transcripts/types';

export interface SourceFile {
  /** The name as given: a relative path for a folder ("proj/abc/subagents/agent-1.jsonl"), else the file name. */
  name: string;
  text: string;
  bytes: number;
  sha256: string;
}

export interface FileCounts {
  sessions: number;
  agents: number;
  messages: number;
  /** Assistant messages that called tools, each with all of its results. */
  tool_exchanges: number;
  tool_calls: number;
  /** Assistant messages with more than one tool call. */
  parallel_calls: number;
  recorded_compactions: number;
  /** Calls whose usage the file records. */
  recorded_calls: number;
}

export interface TokenFigures {
  /** System prompt + tool definitions the first recorded call revealed (0 without usage). */
  base_tokens: number;
  /** Recorded calls compared (the first one defines the base and is left out). */
  calls: number;
  /** The simulator's estimate before each call against the recorded input: relative error. */
  median_error: number;
  p90_error: number;
  /** The tokenizer alone (no usage but the first call's). */
  content_median_error: number;
  content_p90_error: number;
}

export type FileRole = 'session' | 'subagent' | 'compaction_agent' | 'not_a_transcript';

export interface PreparedFile {
  file: string;
  bytes: number;
  sha256: string;
  format: TranscriptFormat | null;
  role: FileRole;
  counts: FileCounts;
  skipped: { reason: string; count: number }[];
  malformed: { line: number | null; where: string | null; reason: string }[];
  warnings: string[];
  tokens: TokenFigures | null;
  /** Set when the file cannot be imported (not a transcript, nothing in it, …). */
  error: string | null;
}

/** One session to create: its main file (or a lone subagent file) with the files that join it. */
export interface PreparedUnit {
  transcript: ImportedTranscript;
  /** sha256 of the file that names the session (its identity). */
  sha256: string;
  /** Every file of the unit, main first: their reports. */
  files: PreparedFile[];
}

export interface PreparedImport {
  units: PreparedUnit[];
  /** Files that make no session (refused, or a compaction agent file alone). */
  rejected: PreparedFile[];
}

const EMPTY_COUNTS: FileCounts = { sessions: 0, agents: 0, messages: 0, tool_exchanges: 0, tool_calls: 0, parallel_calls: 0, recorded_compactions: 0, recorded_calls: 0 };

function fileBase(f: SourceFile): Omit<PreparedFile, 'role' | 'format'> {
  return { file: f.name, bytes: f.bytes, sha256: f.sha256, counts: { ...EMPTY_COUNTS }, skipped: [], malformed: [], warnings: [], tokens: null, error: null };
}

function refused(f: SourceFile, format: TranscriptFormat | null, error: string): PreparedFile {
  return { ...fileBase(f), format, role: 'not_a_transcript', error };
}

function windowCounts(t: ImportedTranscript, sessions: number): FileCounts {
  const c = countTranscript(t);
  return {
    sessions,
    agents: 1,
    messages: c.messages,
    tool_exchanges: c.toolUseMessages,
    tool_calls: c.toolCalls,
    parallel_calls: c.parallelMessages,
    recorded_compactions: c.compactions,
    recorded_calls: t.messages.filter((m) => m.usage !== null).length,
  };
}

function tokenFigures(t: ImportedTranscript): TokenFigures | null {
  const profile = t.token_profile;
  if (!profile || profile.base_source === 'none') return null;
  const later = profile.turns.slice(1);
  const est = errorFigures(later.map((x) => ({ estimate: x.estimate, recorded: x.recorded })));
  const content = errorFigures(later.map((x) => ({ estimate: x.content_estimate, recorded: x.recorded })));
  return { base_tokens: profile.base_tokens, calls: est.count, median_error: est.median, p90_error: est.p90, content_median_error: content.median, content_p90_error: content.p90 };
}

/** The reports of a unit's files, from the import result (skips and malformed lines by the file they came from). */
function reportsOf(result: ImportResult, main: SourceFile, role: FileRole, joined: SourceFile[], acompact: SourceFile[]): PreparedFile[] {
  const t = result.transcript;
  const skipsOf = (name: string) =>
    Object.entries(result.skippedByFile?.[name] ?? (name === main.name ? result.skipped : {}))
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count);
  const byFile = (name: string) => result.malformed.filter((m) => m.file === baseName(name) || m.file === name).map(({ line, where, reason }) => ({ line, where, reason }));
  const warningsOf = (name: string) => result.warnings.filter((w) => w.startsWith(`${baseName(name)}:`) || w.startsWith(`${name}:`));
  const mainReport: PreparedFile = {
    ...fileBase(main),
    format: t.format,
    role,
    counts: { ...windowCounts(t, 1), agents: 1 + t.subagents.length },
    skipped: skipsOf(main.name),
    malformed: byFile(main.name),
    warnings: result.warnings.filter((w) => !joined.some((j) => warningsOf(j.name).includes(w)) && !acompact.some((a) => warningsOf(a.name).includes(w))),
    tokens: tokenFigures(t),
  };
  const subReports = joined.map((f): PreparedFile => {
    const window = t.subagents.find((s) => s.source_file === baseName(f.name));
    return {
      ...fileBase(f),
      format: 'claude-code',
      role: 'subagent',
      counts: window ? windowCounts(window, 0) : { ...EMPTY_COUNTS },
      skipped: skipsOf(f.name),
      malformed: byFile(f.name),
      warnings: warningsOf(f.name),
      tokens: window ? tokenFigures(window) : null,
      error: window ? null : (warningsOf(f.name)[0] ?? 'no conversation in this subagent file'),
    };
  });
  const compactionReports = acompact.map((f): PreparedFile => ({ ...fileBase(f), format: 'claude-code', role: 'compaction_agent', skipped: skipsOf(f.name), malformed: byFile(f.name), warnings: warningsOf(f.name) }));
  return [mainReport, ...subReports, ...compactionReports];
}

/** Adds the token profile of the transcript and of every subagent window (tokenizing each message once). */
function withProfiles(t: ImportedTranscript): ImportedTranscript {
  t.token_profile = profileTokens(t);
  for (const s of t.subagents) s.token_profile = profileTokens(s);
  return t;
}

/** The records' sessionId of a parsed Claude Code file. */
function sessionIdOf(file: ParsedJsonl): string | null {
  for (const { record } of file.lines) {
    const id = stringOrNull(record.sessionId);
    if (id) return id;
  }
  return null;
}

/** The session file name a subagent file's name points to: A of `A__subagents__B.jsonl` or of `…/A/subagents/B.jsonl`. */
function sessionNameFromPath(name: string): string | null {
  const flat = /^(.*)__subagents__[^/\\]+$/.exec(baseName(name));
  if (flat?.[1]) return `${flat[1]}.jsonl`;
  const parts = name.split(/[/\\]/);
  const at = parts.lastIndexOf('subagents');
  return at >= 1 ? `${parts[at - 1]}.jsonl` : null;
}

function looksLikeSubagentName(name: string): boolean {
  return /__subagents__/.test(baseName(name)) || /(^|[/\\])subagents[/\\][^/\\]+$/.test(name);
}

export interface PrepareOptions {
  /** Awaited between slices of work (a macrotask in a browser or Node), so nothing blocks for long. */
  pause: () => Promise<void>;
  /** Characters of text parsed so far, over every file. */
  onProgress?: (charsDone: number) => void;
}

/** Parses, groups and imports `files`, computing their token profiles. Never throws for bad input: refusals are reports. */
export async function prepareImport(files: readonly SourceFile[], opts: PrepareOptions): Promise<PreparedImport> {
  const rejected: PreparedFile[] = [];
  const claude: { source: SourceFile; parsed: ParsedJsonl }[] = [];
  const chats: { source: SourceFile; doc: unknown }[] = [];
  let done = 0;
  for (const f of files) {
    const format = detectFormat(f.text);
    if (format === null) {
      rejected.push(refused(f, null, `${f.name}: not a transcript. Expected ${EXPECTED_FORMATS}.`));
    } else if (format === 'claude-code') {
      const parsed = await parseJsonlIncrementally(f.text, f.name, opts.pause, (chars) => opts.onProgress?.(done + chars));
      claude.push({ source: f, parsed });
    } else {
      let doc: unknown;
      try {
        doc = JSON.parse(f.text);
      } catch (err) {
        rejected.push(refused(f, null, `${f.name}: not a transcript: not JSON (${err instanceof Error ? err.message : String(err)}). Expected ${EXPECTED_FORMATS}.`));
        doc = undefined;
      }
      if (doc !== undefined) {
        if (conversationOf(doc)) chats.push({ source: f, doc });
        else rejected.push(refused(f, 'openai-chat', `${f.name}: a JSON document without messages[] (or SWE-agent history[]). Expected ${EXPECTED_FORMATS}.`));
      }
    }
    done += f.text.length;
    opts.onProgress?.(done);
    await opts.pause();
  }

  const units: PreparedUnit[] = [];
  // Claude Code: sessions first, then the subagent and compaction agent files that join them.
  const isSub = (c: (typeof claude)[number]) => isCompactionAgentFileName(c.source.name) || looksLikeSubagentName(c.source.name) || isSubagentWindow(c.parsed);
  const mains = claude.filter((c) => !isSub(c));
  const subs = claude.filter(isSub);
  const joins = new Map<(typeof mains)[number], (typeof subs)[number][]>();
  const lone: (typeof subs)[number][] = [];
  for (const s of subs) {
    const sid = sessionIdOf(s.parsed);
    const wanted = sessionNameFromPath(s.source.name);
    const owner = mains.find((m) => sid !== null && sessionIdOf(m.parsed) === sid) ?? mains.find((m) => wanted !== null && baseName(m.source.name) === wanted);
    if (owner) joins.set(owner, [...(joins.get(owner) ?? []), s]);
    else lone.push(s);
  }
  for (const m of mains) {
    const joined = joins.get(m) ?? [];
    try {
      const result = importClaudeCodeParsed(m.parsed, joined.map((j) => j.parsed));
      const acompact = joined.filter((j) => isCompactionAgentFileName(j.source.name)).map((j) => j.source);
      const windows = joined.filter((j) => !isCompactionAgentFileName(j.source.name)).map((j) => j.source);
      units.push({ transcript: withProfiles(result.transcript), sha256: m.source.sha256, files: reportsOf(result, m.source, 'session', windows, acompact) });
    } catch (err) {
      rejected.push(refused(m.source, 'claude-code', err instanceof Error ? err.message : String(err)));
      for (const j of joined) rejected.push(refused(j.source, 'claude-code', `${j.source.name}: not imported: its session ${m.source.name} could not be imported`));
    }
    await opts.pause();
  }
  for (const s of lone) {
    const sid = sessionIdOf(s.parsed);
    if (isCompactionAgentFileName(s.source.name)) {
      rejected.push({
        ...refused(s.source, 'claude-code', `${s.source.name}: the compaction agent's own call of session ${sid ?? '(unknown)'}; it has nothing to import without that session. Import it together with ${sid ?? 'the session'}.jsonl.`),
        role: 'compaction_agent',
      });
      continue;
    }
    try {
      const result = importClaudeCodeSubagentAlone(s.parsed);
      units.push({ transcript: withProfiles(result.transcript), sha256: s.source.sha256, files: reportsOf(result, s.source, 'subagent', [], []) });
    } catch (err) {
      rejected.push(refused(s.source, 'claude-code', err instanceof Error ? err.message : String(err)));
    }
    await opts.pause();
  }
  for (const c of chats) {
    try {
      const result = importOpenAiChatDoc(c.doc, baseName(c.source.name));
      units.push({ transcript: withProfiles(result.transcript), sha256: c.source.sha256, files: reportsOf(result, c.source, 'session', [], []) });
    } catch (err) {
      rejected.push(refused(c.source, 'openai-chat', `${err instanceof Error ? err.message : String(err)}. Expected ${EXPECTED_FORMATS}.`));
    }
    await opts.pause();
  }
  return { units, rejected };
}

/** The largest file an import reads; larger ones are reported, never read. */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;

export interface RawFile {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** What was uploaded: files, or a multipart/form-data body (one "files" part per file) still to be read. */
export type ImportUpload = { files: RawFile[] } | { multipart: ArrayBuffer; contentType: string };

/** The files of an upload, in the order given. A multipart body is read here (in a worker, off the page's thread). */
export async function uploadedFiles(upload: ImportUpload): Promise<RawFile[]> {
  if ('files' in upload) return upload.files;
  const form = await new Response(upload.multipart, { headers: { 'content-type': upload.contentType } }).formData();
  const files: RawFile[] = [];
  for (const part of form.getAll('files')) {
    if (typeof part === 'string') continue;
    files.push({ name: part.name || `file-${files.length + 1}`, bytes: new Uint8Array(await part.arrayBuffer()) });
  }
  return files;
}

/** Files too large to import become refusals; the others are read. */
export function splitOversized(files: readonly RawFile[]): { ok: RawFile[]; tooBig: PreparedFile[] } {
  const ok: RawFile[] = [];
  const tooBig: PreparedFile[] = [];
  for (const f of files) {
    if (f.bytes.byteLength <= MAX_FILE_BYTES) ok.push(f);
    else {
      const base = { name: f.name, text: '', bytes: f.bytes.byteLength, sha256: '0'.repeat(64) };
      tooBig.push(refused(base, null, `${f.name}: ${f.bytes.byteLength.toLocaleString('en-US')} bytes is more than the simulator imports (${MAX_FILE_BYTES.toLocaleString('en-US')} bytes).`));
    }
  }
  return { ok, tooBig };
}

/** What a preparer hands back: the files as given (names and sizes, in order) and the prepared import. */
export interface PreparedUpload {
  given: { name: string; bytes: number }[];
  prepared: PreparedImport;
}

/** Reads, parses, imports and counts an upload in this thread, pausing between slices. */
export async function prepareUpload(upload: ImportUpload, pause: () => Promise<void>, onProgress: (fraction: number) => void): Promise<PreparedUpload> {
  const files = await uploadedFiles(upload);
  const { ok, tooBig } = splitOversized(files);
  const sources = await readSources(ok);
  const total = Math.max(1, sources.reduce((n, f) => n + f.text.length, 0));
  const prepared = await prepareImport(sources, { pause, onProgress: (chars) => onProgress(Math.min(1, chars / total)) });
  return { given: files.map((f) => ({ name: f.name, bytes: f.bytes.byteLength })), prepared: { units: prepared.units, rejected: [...prepared.rejected, ...tooBig] } };
}

/** Hex SHA-256 of bytes (WebCrypto: browsers, workers and Node 20 alike). */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Decodes and hashes raw files. Invalid UTF-8 becomes U+FFFD (the file is still hashed as given). */
export async function readSources(raw: readonly { name: string; bytes: Uint8Array<ArrayBuffer> }[]): Promise<SourceFile[]> {
  const decoder = new TextDecoder('utf-8');
  return Promise.all(raw.map(async (r) => ({ name: r.name, text: decoder.decode(r.bytes), bytes: r.bytes.byteLength, sha256: await sha256Hex(r.bytes) })));
}
