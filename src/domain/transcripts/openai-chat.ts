// Importer for OpenAI-chat-format trajectories (mini-swe-agent `*.traj.json`):
// { info: { config, model_stats, ... }, messages: [...], instance_id, trajectory_format }.
// A bare array of messages is accepted too.
//
// - Roles system / user / assistant / tool are kept ("developer" is read as system);
//   role "exit" (mini-swe-agent's final bookkeeping entry, holding the submission) and any
//   other role are skipped, unknown ones with a warning.
// - `content` may be a string, null, or an array of parts (text parts joined with "\n",
//   image parts -> "[image]").
// - Assistant `tool_calls[]`: id, function.name, function.arguments (kept as JSON text).
// - Tool messages: tool_call_id; tool_name looked up from the call; is_error when
//   mini-swe-agent recorded an exception (extra.exception_info). A non-zero returncode is a
//   command that failed, not a failed tool call, so it is not an error here.
// - created_at: extra.timestamp (epoch seconds) when present. Otherwise synthesised,
//   deterministically: messages before the first timestamped one get that time minus one
//   second per position; a gap later on gets the previous time plus 1 ms (keeps the order);
//   a file without any timestamp counts from OPENAI_CHAT_BASE_TIME, one second per message.
// - usage (assistant): from extra.response.usage, mapped onto the Anthropic-style fields so
//   both formats read alike: input_tokens = prompt_tokens - cached tokens,
//   cache_read_input_tokens = cached tokens, cache_creation_input_tokens = 0.
// - model: info.config.model.model_name, a LiteLLM name "provider/model" -> "provider:model"
//   (a bare name gets "openai:"); "openai:unknown" when absent.
//
// Older formats, where the model writes its command in its text instead of a tool call:
// - mini-swe-agent 1.x ("THOUGHT: … ```bash\ncmd\n```", observations as user messages holding
//   <returncode>/<output>) and 2.x text mode (```mswea_bash_command blocks): an assistant
//   message with exactly ONE such block becomes an assistant message whose text is the rest
//   and whose one tool call is `bash` with {"command": cmd}; the next user message is that
//   call's result (a tool message). Zero or several blocks (a format error) stay plain text.
// - SWE-agent `.traj` files: `history[]` is the conversation (`messages[]` absent). Tool messages
//   name their call in `tool_call_ids[]`; text-mode assistant messages carry `action` and the
//   next message with message_type "observation" is its result (tool name: the action's first word).

import { baseName, deriveTitle, isObject, numberOr, objectOrNull, stringOrNull, tally, type JsonObject } from './common';
import type { ImportResult, ImportedMessage, ImportedToolCall, ImportedUsage, MalformedEntry, SkipCounts } from './types';

/** One fenced command block of the text formats (```bash, ```sh, ```mswea_bash_command). */
const COMMAND_BLOCK = /```(?:bash|sh|shell|mswea_bash_command)[ \t]*\r?\n([\s\S]*?)\r?\n?```/g;

/** The command of a text-mode assistant message and its text without the block; null unless exactly one block. */
export function textCommand(content: string): { command: string; rest: string } | null {
  const blocks = [...content.matchAll(COMMAND_BLOCK)];
  const only = blocks[0];
  if (blocks.length !== 1 || !only || only[1] === undefined) return null;
  const rest = (content.slice(0, only.index) + content.slice(only.index + only[0].length)).trim();
  return { command: only[1].trim(), rest };
}

export const OPENAI_CHAT_BASE_TIME = '2025-01-01T00:00:00.000Z';

function flattenParts(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const part of content) {
    if (typeof part === 'string') parts.push(part);
    else if (isObject(part)) {
      const text = stringOrNull(part.text);
      if (text !== null) parts.push(text);
      else if (part.type === 'image_url' || part.type === 'image' || part.type === 'input_image') parts.push('[image]');
      else if (typeof part.type === 'string') parts.push(`[${part.type}]`);
    }
  }
  return parts.join('\n');
}

/** Epoch milliseconds from epoch seconds, epoch milliseconds or an ISO string. */
function timeMs(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value < 1e11 ? value * 1000 : value;
  if (typeof value === 'string') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

function openAiUsage(value: unknown): ImportedUsage | null {
  const u = objectOrNull(value);
  if (!u) return null;
  const prompt = numberOr(u.prompt_tokens, 0);
  const details = objectOrNull(u.prompt_tokens_details);
  const cached = numberOr(details?.cached_tokens, numberOr(u.prompt_cache_hit_tokens, 0));
  return {
    input_tokens: Math.max(0, prompt - cached),
    output_tokens: numberOr(u.completion_tokens, 0),
    cache_read_input_tokens: cached,
    cache_creation_input_tokens: 0,
  };
}

function providerModel(name: string | null): string {
  if (!name) return 'openai:unknown';
  const slash = name.indexOf('/');
  return slash > 0 ? `${name.slice(0, slash)}:${name.slice(slash + 1)}` : `openai:${name}`;
}

function toolCalls(value: unknown, fallbackId: string): ImportedToolCall[] {
  if (!Array.isArray(value)) return [];
  const calls: ImportedToolCall[] = [];
  value.forEach((call, k) => {
    if (!isObject(call)) return;
    const fn = objectOrNull(call.function);
    const args = fn?.arguments;
    calls.push({
      id: stringOrNull(call.id) ?? `${fallbackId}#${k}`,
      name: stringOrNull(fn?.name) ?? 'unknown',
      arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
    });
  });
  return calls;
}

/** SWE-agent writes its run config as a JSON string (replay_config); its agent.model.name is the model. */
function sweAgentModel(root: JsonObject): string | null {
  const raw = root.replay_config;
  let config: unknown = raw;
  if (typeof raw === 'string') {
    try {
      config = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const model = objectOrNull(objectOrNull(objectOrNull(config)?.agent)?.model);
  return stringOrNull(model?.name);
}

/** Imports one OpenAI-chat trajectory. Throws if it is not JSON or holds no conversation. */
export function importOpenAiChat(json: string, fileName: string): ImportResult {
  let doc: unknown;
  try {
    doc = JSON.parse(json);
  } catch (err) {
    throw new Error(`${fileName}: not a JSON document (${err instanceof Error ? err.message : String(err)})`);
  }
  return importOpenAiChatDoc(doc, fileName);
}

/** The conversation array of a parsed document: messages[] (mini-swe-agent), history[] (SWE-agent), or the document itself. */
export function conversationOf(doc: unknown): { list: unknown[]; key: string } | null {
  if (Array.isArray(doc)) return { list: doc, key: 'messages' };
  const root = objectOrNull(doc);
  if (root && Array.isArray(root.messages)) return { list: root.messages, key: 'messages' };
  if (root && Array.isArray(root.history)) return { list: root.history, key: 'history' };
  return null;
}

/** importOpenAiChat over an already parsed document. */
export function importOpenAiChatDoc(doc: unknown, fileName: string): ImportResult {
  const warnings: string[] = [];
  const skipped: SkipCounts = {};
  const malformed: MalformedEntry[] = [];
  const root: JsonObject = Array.isArray(doc) ? { messages: doc } : (objectOrNull(doc) ?? {});
  const conversation = conversationOf(doc);
  if (!conversation) throw new Error(`${fileName}: no messages[] array (nor a SWE-agent history[]); not an OpenAI chat trajectory`);
  const { list: rawMessages, key } = conversation;

  const messages: ImportedMessage[] = [];
  const times: (number | null)[] = [];
  const callNames = new Map<string, string>();
  /** A text-mode command waiting for its result (the next user / observation message). */
  let pendingCommand: { id: string; name: string } | null = null;
  rawMessages.forEach((raw, i) => {
    if (!isObject(raw)) {
      warnings.push(`${fileName}: ${key}[${i}] is not an object; skipped`);
      malformed.push({ file: fileName, line: null, where: `${key}[${i}]`, reason: 'not an object; skipped' });
      return;
    }
    const roleIn = stringOrNull(raw.role);
    const role = roleIn === 'developer' ? 'system' : roleIn;
    if (role === 'exit') {
      tally(skipped, 'exit entries (the run\'s final bookkeeping)');
      return;
    }
    if (role !== 'system' && role !== 'user' && role !== 'assistant' && role !== 'tool') {
      warnings.push(`${fileName}: ${key}[${i}] has role ${JSON.stringify(roleIn)}; skipped`);
      tally(skipped, `entries with role ${JSON.stringify(roleIn)}`);
      return;
    }
    const extra = objectOrNull(raw.extra);
    const response = objectOrNull(extra?.response);
    const message: ImportedMessage = {
      role,
      content: flattenParts(raw.content),
      tool_calls: [],
      tool_call_id: null,
      tool_name: null,
      created_at: '',
      is_error: false,
      usage: null,
      external_id: null,
    };
    const answers = pendingCommand;
    pendingCommand = null;
    if (role === 'assistant') {
      message.tool_calls = toolCalls(raw.tool_calls, `${fileName}#${i}`);
      if (message.tool_calls.length === 0) {
        // Text mode: the command is in the text (mini-swe-agent) or in `action` (SWE-agent).
        const id = `${baseName(fileName)}#${i}`;
        const action = stringOrNull(raw.action)?.trim();
        const fenced = textCommand(message.content);
        if (fenced) {
          message.content = fenced.rest;
          message.tool_calls = [{ id, name: 'bash', arguments: JSON.stringify({ command: fenced.command }) }];
        } else if (action) {
          const name = action.split(/\s+/)[0] ?? 'command';
          message.tool_calls = [{ id, name, arguments: JSON.stringify({ command: action }) }];
        }
        const call = message.tool_calls[0];
        if (call) pendingCommand = { id: call.id, name: call.name };
      }
      for (const call of message.tool_calls) callNames.set(call.id, call.name);
      message.usage = openAiUsage(response?.usage ?? raw.usage);
      message.external_id = stringOrNull(response?.id);
    } else if (role === 'user' && answers && (raw.message_type === undefined || raw.message_type === 'observation')) {
      // The result of the text-mode command just before it.
      message.role = 'tool';
      message.tool_call_id = answers.id;
      message.tool_name = answers.name;
    } else if (role === 'tool') {
      const ids = Array.isArray(raw.tool_call_ids) ? raw.tool_call_ids.filter((x): x is string => typeof x === 'string') : [];
      const callId = stringOrNull(raw.tool_call_id) ?? ids[0] ?? '';
      message.tool_call_id = callId;
      message.tool_name = callNames.get(callId) ?? stringOrNull(raw.name);
      if (!callNames.has(callId)) {
        warnings.push(`${fileName}: messages[${i}] answers unknown tool_call_id ${JSON.stringify(callId)}`);
      }
      const exception = extra?.exception_info;
      message.is_error = typeof exception === 'string' ? exception.trim() !== '' : Boolean(exception);
    }
    messages.push(message);
    times.push(timeMs(extra?.timestamp));
  });

  if (messages.length === 0) throw new Error(`${fileName}: no conversation found (no system/user/assistant/tool message)`);

  const firstKnown = times.findIndex((t) => t !== null);
  const base = Date.parse(OPENAI_CHAT_BASE_TIME);
  let previous: number | null = null;
  messages.forEach((m, i) => {
    const known = times[i] ?? null;
    let t: number;
    if (known !== null) t = known;
    else if (firstKnown < 0) t = base + i * 1000;
    else if (previous !== null) t = previous + 1;
    else t = (times[firstKnown] ?? base) - (firstKnown - i) * 1000;
    m.created_at = new Date(t).toISOString();
    previous = t;
  });

  const info = objectOrNull(root.info);
  const config = objectOrNull(info?.config);
  const modelConfig = objectOrNull(config?.model);
  const stats = objectOrNull(info?.model_stats);
  const cost = stats?.instance_cost;
  const fallbackId = baseName(fileName).replace(/(\.traj)?\.json$/, '');
  const modelName = stringOrNull(modelConfig?.model_name) ?? sweAgentModel(root);

  return {
    skipped,
    malformed,
    transcript: {
      format: 'openai-chat',
      source_file: baseName(fileName),
      external_id: stringOrNull(root.instance_id) ?? fallbackId,
      title: deriveTitle(messages, fallbackId),
      model: providerModel(modelName),
      started_at: messages[0]?.created_at ?? OPENAI_CHAT_BASE_TIME,
      messages,
      compactions: [],
      subagents: [],
      cost_usd: typeof cost === 'number' && Number.isFinite(cost) ? cost : null,
      reported_context_window: null,
    },
    warnings,
  };
}
