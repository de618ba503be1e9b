// Importer for OpenAI Codex CLI (and Codex Desktop) rollouts: ~/.codex/sessions/YYYY/MM/DD/
// rollout-<time>-<id>.jsonl. Record shapes (both formats): codex-records.ts.
//
// What becomes of each record:
// - response_item message: role assistant -> the text of an assistant message; user -> a user
//   message (Codex's injected context, AGENTS.md and <environment_context>, included: the model
//   saw it as user input); developer / system -> a system message.
// - One model response is one assistant message: its reasoning, messages, function_call /
//   custom_tool_call / local_shell_call items (tool calls, by call_id; a custom call's free-form
//   input becomes {"input": …}). A response ends at its token_count event (which gives its usage)
//   or at any input item (a tool output, a user or developer message): the model sees an output
//   only in a later request. Reasoning is not message text (its tokens are in the usage);
//   web_search_call items run at the provider and record no output: counted, not calls.
// - function_call_output / custom_tool_call_output: a tool message answering its call_id.
// - event_msg token_count: the usage of the response before it (last_token_usage); a repeat
//   (same totals) or one with no input is not a call; its model_context_window is the window the
//   transcript reports. A call with no response items before a `compacted` record is the local
//   compaction's own summarizing call (ImportedCompaction.summarizer).
// - compacted: a recorded compaction (summary: codex-records.ts compactedSummary); tokens before
//   from the last recorded call, tokens after from the next. event_msg context_compacted right
//   after it is the same compaction; on its own it is one with no summary recorded. A compaction
//   in a task (task_started … task_complete) with no user message and no model output is the
//   operator's /compact (manual); otherwise it ran inside a turn (auto).
// - event_msg user_message: the user's typed text; a duplicate of the user message item just
//   before it, and a user message of its own only where the rollout has no such item.
// - Other event_msg records (agent_message, agent_reasoning, exec and patch events…) mirror
//   response items or the UI: counted, not imported. turn_context gives the model.

import { codexRecord, compactedSummary, contentText, outputFailed, outputText, readTokenCount, type CodexRecord } from './codex-records';
import { baseName, deriveTitle, newMessage, oneFileResult, stringOrNull, tally, toIso } from './common';
import { malformedWarnings, parseJsonl, type ParsedJsonl } from './jsonl';
import { fillPostTokens, lastRecordedInputBefore } from './recorded-usage';
import { SUMMARY_NOT_RECORDED, type ImportResult, type ImportedCompaction, type ImportedMessage, type ImportedUsage, type SkipCounts, type SummaryStatus } from './types';

const ASSISTANT_ITEMS = new Set(['reasoning', 'function_call', 'custom_tool_call', 'local_shell_call', 'web_search_call']);

/** Imports one Codex rollout. Throws only when it holds no conversation message at all. */
export function importCodexRollout(text: string, fileName: string): ImportResult {
  return importCodexRolloutParsed(parseJsonl(text, fileName));
}

interface Task {
  userMessages: number;
  modelItems: number;
  compactions: ImportedCompaction[];
}

export function importCodexRolloutParsed(file: ParsedJsonl): ImportResult {
  const fileName = baseName(file.name);
  const warnings: string[] = [];
  const skipped: SkipCounts = {};
  malformedWarnings(file, warnings);
  const messages: ImportedMessage[] = [];
  const compactions: ImportedCompaction[] = [];
  const callNames = new Map<string, string>();
  const unknown = new Set<string>();
  let response: ImportedMessage | null = null;
  let pendingCall: { usage: ImportedUsage; line: number } | null = null;
  let lastTotals: string | null = null;
  /** A compacted record whose context_compacted event has not come yet. */
  let awaitingEvent = false;
  let task: Task | null = null;
  let sessionId: string | null = null;
  let model: string | null = null;
  let provider = 'openai';
  let window: number | null = null;
  let startedAt: string | null = null;
  let lastMs: number | null = null;
  let typedTitle: string | null = null;
  /** User messages read from response items (an event_msg user_message after one repeats it). */
  const userItems = new WeakSet<ImportedMessage>();

  const timeOf = (r: CodexRecord): string => {
    const iso = toIso(r.timestamp);
    const ms = iso ? Date.parse(iso) : lastMs === null ? 0 : lastMs + 1;
    lastMs = ms;
    return new Date(ms).toISOString();
  };
  const push = (m: ImportedMessage): void => {
    messages.push(m);
    awaitingEvent = false;
    if (m.role !== 'assistant') response = null;
  };
  const compaction = (at: string, summary: string, status: SummaryStatus): ImportedCompaction => {
    const before = lastRecordedInputBefore(messages, messages.length);
    const c: ImportedCompaction = { boundary_index: messages.length, trigger: 'auto', pre_tokens: before ?? 0, pre_tokens_source: before === null ? 'none' : 'recorded_usage', post_tokens: null, summary, summary_status: status, created_at: at, summarizer: null };
    compactions.push(c);
    task?.compactions.push(c);
    response = null;
    return c;
  };
  const dropPendingCall = (): void => {
    if (!pendingCall) return;
    warnings.push(`${fileName}:${pendingCall.line}: token_count records a call with no response before it; its usage is not attached`);
    pendingCall = null;
  };
  const openResponse = (createdAt: string): ImportedMessage => {
    if (task) task.modelItems++;
    if (response && response.usage === null) return response;
    dropPendingCall();
    const m = newMessage('assistant', '', createdAt);
    push(m);
    response = m;
    return m;
  };

  file.lines.forEach(({ line, record }, k) => {
    const r = codexRecord(record, k === 0);
    if (!r) {
      const kind = stringOrNull(record.type) ?? '(no type)';
      tally(skipped, `unknown records "${kind}"`);
      if (!unknown.has(kind)) warnings.push(`${fileName}:${line}: record "${kind}" is not a Codex rollout record; such records are skipped`);
      unknown.add(kind);
      return;
    }
    const at = timeOf(r);
    const p = r.payload;
    const type = stringOrNull(p.type) ?? '';
    if (r.kind === 'session_meta') {
      if (sessionId !== null) tally(skipped, 'further session_meta records (a resumed or forked session)');
      sessionId ??= stringOrNull(p.id);
      startedAt ??= toIso(stringOrNull(p.timestamp));
      provider = stringOrNull(p.model_provider) ?? provider;
    } else if (r.kind === 'state') {
      tally(skipped, 'state records (older format)');
    } else if (r.kind === 'turn_context') {
      model ??= stringOrNull(p.model);
      tally(skipped, 'turn_context records');
    } else if (r.kind === 'compacted') {
      const { summary, status } = compactedSummary(p);
      const c = compaction(at, summary, status);
      awaitingEvent = true;
      if (pendingCall) c.summarizer = { model: `${provider}:${model ?? 'unknown'}`, usage: pendingCall.usage };
      pendingCall = null;
    } else if (r.kind === 'event_msg') {
      if (type === 'token_count') {
        const count = readTokenCount(p);
        window = count?.window ?? window;
        if (!count || count.totals === lastTotals || !count.usage) {
          tally(skipped, count && count.totals !== lastTotals ? 'token_count events with no call in them' : 'token_count events repeating the last one (or rate limits only)');
        } else if (response && response.usage === null) response.usage = count.usage;
        else {
          dropPendingCall();
          pendingCall = { usage: count.usage, line };
        }
        if (count) lastTotals = count.totals;
      } else if (type === 'context_compacted') {
        if (awaitingEvent) tally(skipped, 'context_compacted events (the compacted record before them)');
        else compaction(at, SUMMARY_NOT_RECORDED, 'not_recorded');
        awaitingEvent = false;
      } else if (type === 'user_message') {
        const text = stringOrNull(p.message) ?? '';
        typedTitle ??= text.trim() === '' ? null : text;
        if (task) task.userMessages++;
        const previous = messages[messages.length - 1];
        if (previous && userItems.has(previous)) tally(skipped, 'user_message events (the user message item before them)');
        else push(newMessage('user', text, at));
      } else if (type === 'task_started' || type === 'turn_started') {
        task = { userMessages: 0, modelItems: 0, compactions: [] };
        window = typeof p.model_context_window === 'number' ? p.model_context_window : window;
        tally(skipped, `event_msg records (${type})`);
      } else if (type === 'task_complete' || type === 'turn_complete') {
        if (task && task.userMessages === 0 && task.modelItems === 0) for (const c of task.compactions) c.trigger = 'manual';
        task = null;
        tally(skipped, `event_msg records (${type})`);
      } else tally(skipped, `event_msg records (${type || 'no type'})`);
    } else if (type === 'message') {
      const role = stringOrNull(p.role);
      const text = contentText(p.content);
      if (role === 'assistant') {
        const m = openResponse(at);
        if (text.trim() !== '') m.content = m.content === '' ? text : `${m.content}\n\n${text}`;
      } else if (role === 'user') {
        const m = newMessage('user', text, at);
        userItems.add(m);
        push(m);
      }
      else if (role === 'developer' || role === 'system') push(newMessage('system', text, at));
      else {
        tally(skipped, `messages with role ${JSON.stringify(role)}`);
        warnings.push(`${fileName}:${line}: message with role ${JSON.stringify(role)} skipped`);
      }
    } else if (ASSISTANT_ITEMS.has(type)) {
      const m = openResponse(at);
      if (type === 'reasoning') tally(skipped, 'reasoning items (not message text; their tokens are in the recorded usage)');
      else if (type === 'web_search_call') tally(skipped, 'web searches (run by the provider; no call id or output in the rollout)');
      else {
        const id = stringOrNull(p.call_id) ?? stringOrNull(p.id) ?? `${fileName}:${line}`;
        const name = type === 'local_shell_call' ? 'local_shell' : (stringOrNull(p.name) ?? 'unknown');
        const args = type === 'custom_tool_call' ? JSON.stringify({ input: p.input ?? '' }) : type === 'local_shell_call' ? JSON.stringify(p.action ?? {}) : typeof p.arguments === 'string' ? p.arguments : JSON.stringify(p.arguments ?? {});
        m.tool_calls.push({ id, name, arguments: args });
        callNames.set(id, name);
      }
    } else if (type === 'function_call_output' || type === 'custom_tool_call_output') {
      const id = stringOrNull(p.call_id) ?? '';
      const name = callNames.get(id) ?? null;
      if (name === null) warnings.push(`${fileName}:${line}: ${type} for unknown call_id ${JSON.stringify(id)}`);
      push(newMessage('tool', outputText(p.output), at, { tool_call_id: id, tool_name: name, is_error: outputFailed(p.output) }));
    } else if (type === 'ghost_snapshot' || type === 'compaction' || type === 'compaction_summary') {
      tally(skipped, type === 'ghost_snapshot' ? "ghost snapshots (the harness's git snapshots, not sent as conversation)" : 'compaction items in the history (their compaction is its compacted record)');
    } else {
      tally(skipped, `response items "${type}"`);
      if (!unknown.has(type)) warnings.push(`${fileName}:${line}: response item "${type}" is not understood; such items are skipped`);
      unknown.add(type);
    }
  });
  dropPendingCall();

  if (messages.length === 0) {
    throw new Error(`${fileName}: no conversation found (${file.lines.length} readable records, ${file.malformed.length} unreadable lines, no message or call)`);
  }
  fillPostTokens(messages, compactions);
  return oneFileResult(
    {
      format: 'codex-rollout',
      source_file: fileName,
      external_id: sessionId ?? fileName.replace(/\.jsonl$/, ''),
      title: deriveTitle(typedTitle === null ? messages : [newMessage('user', typedTitle, '')], fileName),
      model: `${provider}:${model ?? 'unknown'}`,
      reported_context_window: window,
      started_at: startedAt ?? messages[0]?.created_at ?? new Date(0).toISOString(),
      messages,
      compactions,
    },
    warnings,
    skipped,
    file.malformed,
  );
}
