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
// Subagent and compaction agent files: claude-code-session.ts.
//
// Robustness: a line that is not JSON, or not an object, is skipped with a warning; the
// importer throws only when the file holds no conversation message at all.

import { anthropicModel, claudeUsage, COMMAND_ARGS, COMMAND_NAME, EPOCH_ISO, flattenContent, LOCAL_COMMAND_OUTPUT, localCommandMarks, realModel, userMessage } from './claude-code-records';
import { baseName, deriveTitle, isObject, newMessage, numberOr, objectOrNull, stringOrNull, tally, toIso, type JsonObject } from './common';
import { malformedWarnings, type ParsedJsonl } from './jsonl';
import { fillPostTokens } from './recorded-usage';
import { SUMMARY_NOT_RECORDED, type ImportedCompaction, type ImportedMessage, type ImportedTranscript, type SkipCounts } from './types';

const SILENT_RECORD_TYPES = new Set(['progress', 'file-history-snapshot', 'queue-operation', 'summary']);

interface OpenResponse {
  message: ImportedMessage;
  id: string;
}

export interface CoreResult {
  transcript: ImportedTranscript;
  /** The records' sessionId (a subagent file carries its parent session's). */
  sessionId: string | null;
  /** The records' agentId: set in a subagent's own file. */
  agentId: string | null;
}

/** Imports one JSONL file (main session or subagent) without looking at other files. */
export function importClaudeCodeFile(file: ParsedJsonl, warnings: string[], skipped: SkipCounts): CoreResult {
  const fileName = file.name;
  malformedWarnings(file, warnings);
  const parsed = file.lines;
  const unreadable = file.malformed.length;

  const { caveatUuids, answeredByLocalOutput } = localCommandMarks(parsed);

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
        target = newMessage('assistant', '', createdAt, { external_id: id });
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
        pre_tokens_source: typeof meta?.preTokens === 'number' ? 'compact_metadata' : 'none',
        post_tokens: null,
        summary: SUMMARY_NOT_RECORDED,
        summary_status: 'not_recorded',
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
        pendingBoundary.compaction.summary_status = 'recorded';
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

  fillPostTokens(messages, compactions);
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
      reported_context_window: null,
    },
  };
}
