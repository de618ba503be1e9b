// Importer for Gemini CLI chat recordings, JSON or JSONL (reading both: gemini-cli-recording.ts).
//
// - `user` records: a user message (text parts). A functionResponse part (newer CLIs also record
//   the tool outputs they send back as a user turn) answers its call: it becomes that call's tool
//   message unless the call's own record already gave its result (then it is the same output).
// - `gemini` records: one model response: an assistant message (text parts, thoughts left out:
//   their tokens are in the usage), its toolCalls[] as tool calls ({id, name, args}), then one
//   tool message per call with a result (functionResponse output, or error: a failed or
//   cancelled call is an error). tokens {input (prompt, cached part included), output, cached,
//   thoughts, tool} is the call's usage: input_tokens = input − cached + tool (the tool-use
//   prompt is sent too), cache reads = cached, output = output + thoughts (billed as output).
// - `info`, `error`, `warning` records: the CLI's notices to the user, never sent to the model.
// - A compression the recording records (a JSONL history replaced by a summary, see
//   gemini-cli-recording.ts) is a recorded compaction: tokens before and after from the recorded
//   calls. The recording does not say whether /compress or the threshold started it: read as
//   automatic, with a warning. The JSON recording does not record compressions at all.
// - Title: the recording's own one-line summary when it has one, else the first user line the CLI
//   itself would show (not its <session_context> turn nor a slash command).

import { baseName, deriveTitle, isObject, newMessage, oneFileResult, stringOrNull, tally, toIso, type JsonObject } from './common';
import { contentParts, partsText, replayRecording, responseText, type RecordingEntry } from './gemini-cli-recording';
import { malformedWarnings, parseJsonl, type ParsedJsonl } from './jsonl';
import { fillPostTokens, lastRecordedInputBefore } from './recorded-usage';
import type { ImportResult, ImportedCompaction, ImportedMessage, ImportedToolCall, ImportedUsage, SkipCounts } from './types';

const NOTICES = new Set(['info', 'error', 'warning']);
/** User content the CLI itself passes over for a session's first message (sessionUtils.ts isIgnoredUserContent). */
const IGNORED_USER_CONTENT = /^(\/|\?|<session_context>|<hook_context>)/;

/** Imports a Gemini CLI recording (the JSON document or the JSONL stream). Throws when it holds no conversation. */
export function importGeminiCli(text: string, fileName: string): ImportResult {
  let doc: unknown = null;
  try {
    doc = JSON.parse(text);
  } catch {
    // Not one JSON document: the JSONL recording.
  }
  const file: ParsedJsonl = isObject(doc) ? { name: fileName, lines: [{ line: 1, record: doc }], malformed: [] } : parseJsonl(text, fileName);
  return importGeminiCliParsed(file);
}

export function geminiUsage(tokens: unknown): ImportedUsage | null {
  if (!isObject(tokens)) return null;
  const n = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  const cached = Math.min(n(tokens.input), n(tokens.cached));
  return { input_tokens: n(tokens.input) - cached + n(tokens.tool), output_tokens: n(tokens.output) + n(tokens.thoughts), cache_read_input_tokens: cached, cache_creation_input_tokens: 0 };
}

export function importGeminiCliParsed(file: ParsedJsonl): ImportResult {
  const fileName = baseName(file.name);
  const warnings: string[] = [];
  const skipped: SkipCounts = {};
  malformedWarnings(file, warnings);
  const { metadata, entries, compressions } = replayRecording(file.lines, fileName, warnings, skipped);
  const messages: ImportedMessage[] = [];
  const compactions: ImportedCompaction[] = [];
  const callNames = new Map<string, string>();
  const answered = new Set<string>();
  let model: string | null = null;
  let lastTime = toIso(stringOrNull(metadata.startTime)) ?? new Date(0).toISOString();

  const toolMessage = (id: string, name: string | null, text: string, isError: boolean, at: string): void => {
    messages.push(newMessage('tool', text, at, { tool_call_id: id, tool_name: name, is_error: isError }));
    answered.add(id);
  };
  const readGemini = (r: JsonObject, at: string): void => {
    const parts = contentParts(r.content);
    const m: ImportedMessage = newMessage('assistant', partsText(parts), at, { usage: geminiUsage(r.tokens), external_id: stringOrNull(r.id) });
    model ??= stringOrNull(r.model);
    if (Array.isArray(r.thoughts) && r.thoughts.length > 0) tally(skipped, 'thought summaries (not message text; their tokens are in the recorded usage)', r.thoughts.length);
    const records = Array.isArray(r.toolCalls) ? r.toolCalls.filter(isObject) : [];
    const calls: ImportedToolCall[] = records.map((c, k) => ({ id: stringOrNull(c.id) ?? `${m.external_id ?? fileName}#${k}`, name: stringOrNull(c.name) ?? 'unknown', arguments: JSON.stringify(c.args ?? {}) }));
    for (const p of parts) {
      const fc = isObject(p.functionCall) ? p.functionCall : null;
      const id = fc ? stringOrNull(fc.id) : null;
      if (fc && !calls.some((c) => c.id === id)) calls.push({ id: id ?? `${m.external_id ?? fileName}#${calls.length}`, name: stringOrNull(fc.name) ?? 'unknown', arguments: JSON.stringify(fc.args ?? {}) });
    }
    m.tool_calls = calls;
    for (const c of calls) callNames.set(c.id, c.name);
    messages.push(m);
    records.forEach((c, k) => {
      const call = calls[k]!;
      if (c.result === undefined || c.result === null) return;
      const resultParts = contentParts(c.result);
      const responses = resultParts.map((p) => (isObject(p.functionResponse) ? p.functionResponse : null)).filter((p): p is JsonObject => p !== null);
      const text = [...responses.map((p) => responseText(p.response)), partsText(resultParts)].filter((t) => t !== '').join('\n');
      const failed = c.status === 'error' || c.status === 'cancelled' || responses.some((p) => isObject(p.response) && 'error' in p.response);
      toolMessage(call.id, call.name, text, failed, toIso(stringOrNull(c.timestamp)) ?? at);
    });
  };
  const readUser = (r: JsonObject, at: string): void => {
    const parts = contentParts(r.content);
    for (const p of parts) {
      if (!isObject(p.functionResponse)) continue;
      const id = stringOrNull(p.functionResponse.id) ?? '';
      if (answered.has(id)) tally(skipped, 'tool outputs sent back as a user turn (the same output as their call record)');
      else {
        const name = callNames.get(id) ?? stringOrNull(p.functionResponse.name);
        if (!callNames.has(id)) warnings.push(`${fileName}: a functionResponse answers unknown call id ${JSON.stringify(id)}`);
        toolMessage(id, name, responseText(p.functionResponse.response), isObject(p.functionResponse.response) && 'error' in p.functionResponse.response, at);
      }
    }
    const text = partsText(parts.filter((p) => !isObject(p.functionResponse)));
    if (text.trim() !== '' || !parts.some((p) => isObject(p.functionResponse))) messages.push(newMessage('user', text, at, { external_id: stringOrNull(r.id) }));
  };

  const live = entries.map((e, k) => ({ e, k })).filter(({ e }) => !e.removed);
  let next = 0;
  const flushCompressions = (beforeEntry: number): void => {
    for (; next < compressions.length && compressions[next]!.before_entry <= beforeEntry; next++) {
      const c = compressions[next]!;
      const before = lastRecordedInputBefore(messages, messages.length);
      compactions.push({ boundary_index: messages.length, trigger: 'auto', pre_tokens: before ?? 0, pre_tokens_source: before === null ? 'none' : 'recorded_usage', post_tokens: null, summary: c.summary, summary_status: 'recorded', created_at: toIso(c.at) ?? lastTime, summarizer: null });
      warnings.push(`${fileName}:${c.line}: Gemini CLI does not record whether /compress or its threshold started this compression; read as automatic`);
    }
  };
  for (const { e, k } of live) {
    flushCompressions(k);
    const r = (e as RecordingEntry).record;
    const at = toIso(stringOrNull(r.timestamp)) ?? lastTime;
    lastTime = at;
    const type = stringOrNull(r.type) ?? '(none)';
    if (type === 'user') readUser(r, at);
    else if (type === 'gemini') readGemini(r, at);
    else if (NOTICES.has(type)) tally(skipped, 'CLI notices (info, error, warning: shown to the user, never sent to the model)');
    else {
      tally(skipped, `messages of type "${type}"`);
      warnings.push(`${fileName}:${e.line}: message of type "${type}" is not understood; skipped`);
    }
  }
  flushCompressions(Number.POSITIVE_INFINITY);

  if (messages.length === 0) throw new Error(`${fileName}: no conversation found (${entries.length} message records, no user or model message)`);
  fillPostTokens(messages, compactions);
  const summary = stringOrNull(metadata.summary)?.trim();
  return oneFileResult(
    {
      format: 'gemini-cli',
      source_file: fileName,
      external_id: stringOrNull(metadata.sessionId) ?? fileName.replace(/\.jsonl?$/, ''),
      title: deriveTitle(summary ? [newMessage('user', summary, '')] : messages.filter((m) => m.role !== 'user' || !IGNORED_USER_CONTENT.test(m.content.trim())), fileName),
      model: `google:${model ?? 'unknown'}`,
      reported_context_window: null,
      started_at: toIso(stringOrNull(metadata.startTime)) ?? messages[0]?.created_at ?? lastTime,
      messages,
      compactions,
    },
    warnings,
    skipped,
    file.malformed,
  );
}
