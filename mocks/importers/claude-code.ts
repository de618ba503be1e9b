// Importer for Claude Code session transcripts (JSONL, one record per line).
//
// Record types and what becomes of them:
// - `assistant`: one API response is written as several records (one content block each)
//   that share `message.id`, sometimes with the tool results of its first calls written
//   between them (Claude Code runs a call while the response is still streaming). They are
//   merged into ONE assistant message placed where the response's first record is: text
//   blocks joined (whitespace-only blocks, e.g. the "\n\n" before a thinking block, are
//   dropped), thinking blocks left out, tool_use blocks -> tool_calls in order, usage from
//   the response's last record. A response stays open for merging until a non-tool message
//   (user text, another response, a compaction) comes after it.
// - `user` with `tool_result` blocks: one `tool` message per block (tool_call_id =
//   tool_use_id, tool_name looked up from the call). Any text/image blocks next to them
//   become a user message after them.
// - `user` with plain text: a user message.
// - `system` subtype `compact_boundary`, then the `user` record with `isCompactSummary`:
//   an ImportedCompaction (the summary is not a message).
// - `progress`, `file-history-snapshot`, `queue-operation`, `summary`, other `system`
//   records: not conversation, skipped silently. Unknown record types: skipped with one
//   warning per type.
//
// Skipped user records (documented choice):
// - `isMeta` records: text Claude Code injects (skill bodies, <system-reminder> hook output,
//   the local-command caveat); not typed by the user.
// - Local-command noise: a built-in slash command that runs inside the CLI (/model, /mcp,
//   /compact, ...) leaves a `<local-command-caveat>` record (isMeta), a `<command-name>`
//   record and a `<local-command-stdout>` record (older versions: `system` records of
//   subtype `local_command`, as in short.jsonl). All of it is skipped: it is CLI chatter,
//   and for /compact the compaction itself is already recorded as an ImportedCompaction.
//   A `<command-name>` record counts as local when its parent is a caveat record or a
//   local-command-stdout record answers it.
// - Kept: a `<command-name>` record with no caveat/stdout around it is a custom command or
//   skill that expands into a prompt for the model (subagent.jsonl: "/handgemacht:create-beads
//   websearch to ..."). It is what the user typed, so it becomes a user message rendered as
//   "/name args"; the expanded prompt that follows is isMeta and skipped.
//
// Subagents: files named `A__subagents__B.jsonl` belong to session A. `agent-acompact-*`
// files are the compaction agent's own call: they are not subagents, they give the model
// and usage of ImportedCompaction.summarizer (matched by time to the nearest boundary).
//
// Robustness: a line that is not JSON, or not an object, is skipped with a warning; the
// importer throws only when the file holds no conversation message at all.

import {
  baseName,
  deriveTitle,
  isObject,
  numberOr,
  objectOrNull,
  stringOrNull,
  tally,
  toIso,
  type JsonObject,
} from './common';
import type {
  ImportResult,
  ImportedCompaction,
  ImportedMessage,
  ImportedTranscript,
  ImportedUsage,
  MalformedEntry,
  SkipCounts,
} from './types';

export interface SubagentFile {
  name: string;
  text: string;
}

const EPOCH_ISO = '1970-01-01T00:00:00.000Z';
const SILENT_RECORD_TYPES = new Set(['progress', 'file-history-snapshot', 'queue-operation', 'summary']);
const SUBAGENT_MARK = '__subagents__';

export interface ParsedLine {
  line: number;
  record: JsonObject;
}

/** What reading a JSONL file gave: its records, and its unreadable lines (1-based line numbers). */
export interface ParsedJsonl {
  name: string;
  lines: ParsedLine[];
  malformed: MalformedEntry[];
}

/** Reads one line; null when it is blank. */
function parseLine(raw: string, lineNo: number, fileName: string, out: ParsedJsonl): void {
  if (raw.trim() === '') return;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    out.malformed.push({ file: fileName, line: lineNo, where: null, reason: `malformed JSON line skipped (${why})` });
    return;
  }
  if (!isObject(value)) {
    out.malformed.push({ file: fileName, line: lineNo, where: null, reason: 'line is not a JSON object; skipped' });
    return;
  }
  out.lines.push({ line: lineNo, record: value });
}

/** Parses JSONL leniently: bad lines are reported with their line numbers, never exceptions. */
export function parseJsonl(text: string, fileName: string): ParsedJsonl {
  const out: ParsedJsonl = { name: fileName, lines: [], malformed: [] };
  let from = 0;
  let lineNo = 0;
  while (from <= text.length) {
    const end = text.indexOf('\n', from);
    const stop = end < 0 ? text.length : end;
    lineNo += 1;
    parseLine(text.slice(from, stop), lineNo, fileName, out);
    if (end < 0) break;
    from = end + 1;
  }
  return out;
}

/**
 * The same as parseJsonl, a slice at a time: after every `sliceChars` characters it reports its
 * progress (characters read) and awaits `pause()`, so a 100 MB file never blocks the thread for long.
 */
export async function parseJsonlIncrementally(
  text: string,
  fileName: string,
  pause: () => Promise<void>,
  onProgress: (charsRead: number) => void = () => {},
  sliceChars = 1_000_000,
): Promise<ParsedJsonl> {
  const out: ParsedJsonl = { name: fileName, lines: [], malformed: [] };
  let from = 0;
  let lineNo = 0;
  let nextPause = sliceChars;
  while (from <= text.length) {
    const end = text.indexOf('\n', from);
    const stop = end < 0 ? text.length : end;
    lineNo += 1;
    parseLine(text.slice(from, stop), lineNo, fileName, out);
    if (end < 0) break;
    from = end + 1;
    if (from >= nextPause) {
      onProgress(from);
      await pause();
      nextPause = from + sliceChars;
    }
  }
  onProgress(text.length);
  return out;
}

function malformedWarnings(parsed: ParsedJsonl, warnings: string[]): void {
  for (const m of parsed.malformed) warnings.push(`${m.file}:${m.line}: ${m.reason}`);
}

export function claudeUsage(value: unknown): ImportedUsage | null {
  const u = objectOrNull(value);
  if (!u) return null;
  return {
    input_tokens: numberOr(u.input_tokens, 0),
    output_tokens: numberOr(u.output_tokens, 0),
    cache_read_input_tokens: numberOr(u.cache_read_input_tokens, 0),
    cache_creation_input_tokens: numberOr(u.cache_creation_input_tokens, 0),
  };
}

function anthropicModel(model: string): string {
  return model.includes(':') ? model : `anthropic:${model}`;
}

/** A model name that is a real model (Claude Code writes "<synthetic>" on messages it made up). */
function realModel(value: unknown): string | null {
  const model = stringOrNull(value);
  return model && model !== '<synthetic>' ? model : null;
}

/** Text of a content value that is a string or an array of blocks; images -> "[image]". */
function flattenContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const block of content) {
    if (typeof block === 'string') parts.push(block);
    else if (isObject(block)) {
      if (block.type === 'text') parts.push(stringOrNull(block.text) ?? '');
      else if (block.type === 'image') parts.push('[image]');
      else if (typeof block.type === 'string') parts.push(`[${block.type}]`);
    }
  }
  return parts.join('\n');
}

const LOCAL_COMMAND_OUTPUT = /^\s*<local-command-(stdout|stderr|caveat)>/;
const COMMAND_NAME = /<command-name>([\s\S]*?)<\/command-name>/;
const COMMAND_ARGS = /<command-args>([\s\S]*?)<\/command-args>/;

function userRecordText(record: JsonObject): string | null {
  const message = objectOrNull(record.message);
  return message ? stringOrNull(message.content) : null;
}

interface OpenResponse {
  message: ImportedMessage;
  id: string;
}

interface CoreResult {
  transcript: ImportedTranscript;
  /** The records' sessionId (a subagent file carries its parent session's). */
  sessionId: string | null;
  /** The records' agentId: set in a subagent's own file. */
  agentId: string | null;
}

/** Imports one JSONL file (main session or subagent) without looking at other files. */
function importOne(file: ParsedJsonl, warnings: string[], skipped: SkipCounts): CoreResult {
  const fileName = file.name;
  malformedWarnings(file, warnings);
  const parsed = file.lines;
  const unreadable = file.malformed.length;

  // Pre-scan for local-command noise, which needs to look both ways.
  const caveatUuids = new Set<string>();
  const answeredByLocalOutput = new Set<string>();
  for (const { record } of parsed) {
    if (record.type !== 'user') continue;
    const content = userRecordText(record);
    if (content === null) continue;
    const uuid = stringOrNull(record.uuid);
    const parent = stringOrNull(record.parentUuid);
    if (/^\s*<local-command-caveat>/.test(content) && uuid) caveatUuids.add(uuid);
    if (/^\s*<local-command-std(out|err)>/.test(content) && parent) answeredByLocalOutput.add(parent);
  }

  const messages: ImportedMessage[] = [];
  const compactions: ImportedCompaction[] = [];
  const callNames = new Map<string, string>();
  const unknownTypes = new Set<string>();
  let open: OpenResponse | null = null;
  let pendingBoundary: { compaction: ImportedCompaction; line: number } | null = null;
  let sessionId: string | null = null;
  let agentId: string | null = null;
  let model: string | null = null;
  let startedAt: string | null = null;
  let lastTime: string | null = null;

  const push = (m: ImportedMessage, keepsResponseOpen: boolean): void => {
    messages.push(m);
    if (!keepsResponseOpen) open = null;
  };

  for (const { line, record } of parsed) {
    sessionId ??= stringOrNull(record.sessionId);
    agentId ??= stringOrNull(record.agentId);
    const time = toIso(stringOrNull(record.timestamp));
    if (time) {
      startedAt ??= time;
      lastTime = time;
    }
    const createdAt = time ?? lastTime ?? EPOCH_ISO;
    const type = stringOrNull(record.type) ?? '(none)';

    if (type === 'assistant') {
      const msg = objectOrNull(record.message);
      if (!msg) {
        warnings.push(`${fileName}:${line}: assistant record without a message; skipped`);
        continue;
      }
      model ??= realModel(msg.model);
      const id = stringOrNull(msg.id) ?? stringOrNull(record.uuid) ?? `line-${line}`;
      let target: ImportedMessage;
      if (open !== null && open.id === id) {
        target = open.message;
      } else {
        target = {
          role: 'assistant',
          content: '',
          tool_calls: [],
          tool_call_id: null,
          tool_name: null,
          created_at: createdAt,
          is_error: false,
          usage: null,
          external_id: id,
        };
        push(target, false);
        open = { message: target, id };
      }
      const blocks: unknown[] = Array.isArray(msg.content)
        ? msg.content
        : typeof msg.content === 'string'
          ? [{ type: 'text', text: msg.content }]
          : [];
      for (const block of blocks) {
        if (!isObject(block)) continue;
        if (block.type === 'thinking' || block.type === 'redacted_thinking') tally(skipped, 'thinking blocks (not message text; their tokens are in the recorded usage)');
        if (block.type === 'text') {
          const t = (stringOrNull(block.text) ?? '').trim();
          if (t !== '') target.content = target.content === '' ? t : `${target.content}\n\n${t}`;
        } else if (block.type === 'tool_use') {
          const callId = stringOrNull(block.id) ?? `${id}#${target.tool_calls.length}`;
          const name = stringOrNull(block.name) ?? 'unknown';
          target.tool_calls.push({ id: callId, name, arguments: JSON.stringify(block.input ?? {}) });
          callNames.set(callId, name);
        }
        // thinking / redacted_thinking: not part of the message content.
      }
      const usage = claudeUsage(msg.usage);
      if (usage) target.usage = usage;
      continue;
    }

    if (type === 'system') {
      if (record.subtype !== 'compact_boundary') {
        tally(skipped, `system records (${stringOrNull(record.subtype) ?? 'no subtype'})`);
        continue;
      }
      if (pendingBoundary) {
        warnings.push(`${fileName}:${pendingBoundary.line}: compact_boundary without a summary record`);
      }
      const meta = objectOrNull(record.compactMetadata);
      const trigger = meta?.trigger === 'manual' ? 'manual' : 'auto';
      if (meta?.trigger !== 'manual' && meta?.trigger !== 'auto') {
        warnings.push(`${fileName}:${line}: compact_boundary trigger ${JSON.stringify(meta?.trigger)} read as auto`);
      }
      const compaction: ImportedCompaction = {
        boundary_index: messages.length,
        trigger,
        pre_tokens: numberOr(meta?.preTokens, 0),
        summary: '',
        created_at: createdAt,
        summarizer: null,
      };
      compactions.push(compaction);
      pendingBoundary = { compaction, line };
      open = null;
      continue;
    }

    if (type !== 'user') {
      if (SILENT_RECORD_TYPES.has(type)) tally(skipped, `${type} records`);
      else {
        tally(skipped, `unknown record type "${type}"`);
        if (!unknownTypes.has(type)) {
          unknownTypes.add(type);
          warnings.push(`${fileName}:${line}: record type "${type}" is not understood; such records are skipped`);
        }
      }
      continue;
    }

    // --- user records ---
    const msg = objectOrNull(record.message);
    if (!msg) {
      warnings.push(`${fileName}:${line}: user record without a message; skipped`);
      continue;
    }
    const uuid = stringOrNull(record.uuid);

    if (record.isCompactSummary === true) {
      const summary = flattenContent(msg.content);
      if (pendingBoundary) {
        pendingBoundary.compaction.summary = summary;
        pendingBoundary = null;
      } else {
        warnings.push(`${fileName}:${line}: compact summary without a compact_boundary; skipped`);
      }
      open = null;
      continue;
    }
    if (record.isMeta === true) {
      tally(skipped, 'meta records (injected by Claude Code, not typed by the user)');
      continue;
    }

    const content = msg.content;
    if (typeof content === 'string') {
      if (LOCAL_COMMAND_OUTPUT.test(content)) {
        tally(skipped, 'local command output (CLI chatter)');
        continue;
      }
      let text = content;
      const command = COMMAND_NAME.exec(content);
      if (command) {
        const parent = stringOrNull(record.parentUuid);
        const isLocal = (parent !== null && caveatUuids.has(parent)) || (uuid !== null && answeredByLocalOutput.has(uuid));
        if (isLocal) {
          tally(skipped, 'local commands (/model, /mcp, /compact…)');
          continue;
        }
        const args = COMMAND_ARGS.exec(content)?.[1]?.trim() ?? '';
        text = `${command[1]?.trim() ?? ''} ${args}`.trim();
      }
      push(userMessage(text, createdAt, uuid), false);
      continue;
    }
    if (!Array.isArray(content)) {
      warnings.push(`${fileName}:${line}: user record with unreadable content; skipped`);
      continue;
    }
    const results = content.filter((b): b is JsonObject => isObject(b) && b.type === 'tool_result');
    results.forEach((block, k) => {
      const callId = stringOrNull(block.tool_use_id) ?? '';
      const name = callNames.get(callId) ?? null;
      if (name === null) {
        warnings.push(`${fileName}:${line}: tool_result for unknown tool_use_id ${JSON.stringify(callId)}`);
      }
      push(
        {
          role: 'tool',
          content: flattenContent(block.content),
          tool_calls: [],
          tool_call_id: callId,
          tool_name: name,
          created_at: createdAt,
          is_error: block.is_error === true,
          usage: null,
          external_id: uuid === null ? null : results.length > 1 ? `${uuid}#${k}` : uuid,
        },
        true,
      );
    });
    const rest = content.filter((b) => !(isObject(b) && b.type === 'tool_result'));
    const restText = flattenContent(rest);
    if (restText.trim() !== '') push(userMessage(restText, createdAt, uuid), false);
  }

  if (pendingBoundary) {
    warnings.push(`${fileName}:${pendingBoundary.line}: compact_boundary without a summary record`);
  }
  if (messages.length === 0) {
    throw new Error(
      `${fileName}: no conversation found (${parsed.length} readable records, ${unreadable} unreadable lines, ` +
        'no user/assistant/tool message)',
    );
  }

  const externalId = agentId ? `agent-${agentId}` : (sessionId ?? fileName.replace(/\.jsonl$/, ''));
  return {
    sessionId,
    agentId,
    transcript: {
      format: 'claude-code',
      source_file: baseName(fileName),
      external_id: externalId,
      title: deriveTitle(messages, fileName),
      model: model ? anthropicModel(model) : 'anthropic:unknown',
      started_at: startedAt ?? messages[0]?.created_at ?? EPOCH_ISO,
      messages,
      compactions,
      subagents: [],
      cost_usd: null,
    },
  };
}

function userMessage(content: string, createdAt: string, uuid: string | null): ImportedMessage {
  return {
    role: 'user',
    content,
    tool_calls: [],
    tool_call_id: null,
    tool_name: null,
    created_at: createdAt,
    is_error: false,
    usage: null,
    external_id: uuid,
  };
}

interface SummarizerCall {
  file: string;
  model: string;
  usage: ImportedUsage | null;
  endedAt: number;
}

/** Reads an acompact file: the model and usage of its last assistant record. */
function readSummarizerCall(file: ParsedJsonl, warnings: string[]): SummarizerCall | null {
  malformedWarnings(file, warnings);
  let model: string | null = null;
  let usage: ImportedUsage | null = null;
  let endedAt = Number.NaN;
  for (const { record } of file.lines) {
    if (record.type !== 'assistant') continue;
    const msg = objectOrNull(record.message);
    if (!msg) continue;
    model = realModel(msg.model) ?? model;
    usage = claudeUsage(msg.usage) ?? usage;
    const time = Date.parse(stringOrNull(record.timestamp) ?? '');
    if (!Number.isNaN(time)) endedAt = time;
  }
  if (model === null || Number.isNaN(endedAt)) {
    warnings.push(`${file.name}: compaction agent file without an assistant response; ignored`);
    return null;
  }
  return { file: file.name, model: anthropicModel(model), usage, endedAt };
}

export function isSubagentFileName(name: string): boolean {
  return baseName(name).includes(SUBAGENT_MARK);
}

/** "A__subagents__B.jsonl" -> "A.jsonl" (the session file it belongs to), else null. */
export function sessionFileOfSubagent(name: string): string | null {
  const base = baseName(name);
  const cut = base.indexOf(SUBAGENT_MARK);
  return cut < 0 ? null : `${base.slice(0, cut)}.jsonl`;
}

/** The compaction agent's own call: `A__subagents__agent-acompact-….jsonl`, or `agent-acompact-….jsonl` in a subagents/ folder. */
export function isCompactionAgentFileName(name: string): boolean {
  return /(^|__subagents__)agent-acompact[-_.]/.test(baseName(name));
}

/**
 * Imports a Claude Code session and its subagent files (`A__subagents__B.jsonl` of session A).
 * Compaction-agent files (`agent-acompact-*`) fill compactions[].summarizer; the others
 * become subagents[] (sorted by file name). Throws only if the main file has no conversation.
 */
export function importClaudeCode(mainJsonl: string, fileName: string, subagentFiles: SubagentFile[] = []): ImportResult {
  return importClaudeCodeParsed(
    parseJsonl(mainJsonl, fileName),
    subagentFiles.map((f) => parseJsonl(f.text, f.name)),
  );
}

/** importClaudeCode over files already read (parseJsonl / parseJsonlIncrementally). */
export function importClaudeCodeParsed(main: ParsedJsonl, subagentFiles: readonly ParsedJsonl[] = []): ImportResult {
  const warnings: string[] = [];
  const skippedByFile: Record<string, SkipCounts> = { [main.name]: {} };
  const { transcript, sessionId } = importOne(main, warnings, skippedByFile[main.name] ?? {});

  const summarizerCalls: SummarizerCall[] = [];
  const sorted = [...subagentFiles].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const file of sorted) {
    const skipped: SkipCounts = {};
    skippedByFile[file.name] = skipped;
    if (isCompactionAgentFileName(file.name)) {
      const call = readSummarizerCall(file, warnings);
      if (call) summarizerCalls.push(call);
      continue;
    }
    try {
      const sub = importOne(file, warnings, skipped);
      if (sessionId && sub.sessionId && sub.sessionId !== sessionId) {
        warnings.push(`${file.name}: sessionId ${sub.sessionId} differs from the session's ${sessionId}`);
      }
      transcript.subagents.push(sub.transcript);
    } catch (err) {
      warnings.push(`${file.name}: subagent skipped: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  // Each summarizer call finishes just before Claude Code writes its boundary: give it to
  // the unclaimed compaction whose boundary is nearest after the call's end.
  for (const call of summarizerCalls.sort((a, b) => a.endedAt - b.endedAt)) {
    let best: ImportedCompaction | null = null;
    let bestGap = Number.POSITIVE_INFINITY;
    for (const c of transcript.compactions) {
      if (c.summarizer) continue;
      const gap = Date.parse(c.created_at) - call.endedAt;
      if (gap >= -1000 && gap < bestGap) {
        best = c;
        bestGap = gap;
      }
    }
    if (best) best.summarizer = { model: call.model, usage: call.usage };
    else warnings.push(`${call.file}: no compaction boundary after this compaction call; ignored`);
  }

  const malformed = [main, ...subagentFiles].flatMap((f) => f.malformed);
  const skipped: SkipCounts = {};
  for (const counts of Object.values(skippedByFile)) for (const [reason, n] of Object.entries(counts)) tally(skipped, reason, n);
  return { transcript, warnings, skipped, skippedByFile, malformed };
}

/**
 * A subagent file imported without its session (the session file was not given): the subagent's
 * own window becomes the transcript, with a warning that says so. Returns the session id its
 * records name, so the caller can tell the operator which file was missing.
 */
export function importClaudeCodeSubagentAlone(file: ParsedJsonl): ImportResult & { parentSessionId: string | null } {
  const warnings: string[] = [];
  const skipped: SkipCounts = {};
  const { transcript, sessionId } = importOne(file, warnings, skipped);
  warnings.unshift(
    `${file.name}: subagent file imported on its own: its session ${sessionId ? `(${sessionId}.jsonl) ` : ''}was not among the imported files`,
  );
  return { transcript, warnings, skipped, malformed: file.malformed, parentSessionId: sessionId };
}

/** Whether a parsed Claude Code file is a subagent's own window (its records carry agentId / isSidechain). */
export function isSubagentWindow(file: ParsedJsonl): boolean {
  const first = file.lines.find(({ record }) => record.type === 'user' || record.type === 'assistant');
  return first !== undefined && (typeof first.record.agentId === 'string' || first.record.isSidechain === true);
}
