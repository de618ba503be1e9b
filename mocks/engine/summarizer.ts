// The simulated summarizer model. Deterministic and clearly labelled: its text starts with
// "[simulated summary]" and follows the default prompt's headings (config:/prompts/
// compaction-summary.md), drawing only from the real text of the summarized window.

import { estimateTextTokens, messageTokens } from './estimate';
import type { Message } from './types';

export const SIMULATED_SUMMARY_LABEL = '[simulated summary]';
export const KEY_FACTS_MAX = 20;
const TRUNCATION_MARK = '\n…[truncated at max_summary_tokens]';
const LIST_MAX = 5;

export interface SimulatedSummary {
  text: string;
  key_facts: string[];
  /** Prompt tokens: the window's estimate. */
  input_tokens: number;
  /** Tokens of `text`; never above the cap. */
  output_tokens: number;
  truncated: boolean;
}

export interface SummaryOptions {
  /** Who summarized, for the header: 'provider:model' or 'plugin:<name>'. */
  author: string;
  prompt: string;
  maxTokens: number;
  /** The session's first operator message, used as the Goal when the window holds no operator message (it is pinned, so usually outside the window). */
  task?: Message | null;
}

/** URLs and URIs (https://…, config:/…, project:/…) are not file paths of the workspace. */
const URI = /\b[a-z][a-z0-9+.-]*:\/\S*/gi;
const PATH = /(?<![\w/.-])((?:\/|\.{1,2}\/)?(?:[\w.-]+\/)+[\w-][\w.-]*\.[A-Za-z][A-Za-z0-9]{0,7})(?![\w/])/g;

/** File paths (with at least one directory part and an extension), first-seen order, deduplicated. */
export function extractFilePaths(text: string, limit = KEY_FACTS_MAX): string[] {
  // A path has a directory part, so a slash: most texts of a long history have none, and are not searched.
  if (!text.includes('/')) return [];
  const found: string[] = [];
  const seen = new Set<string>();
  // A URI has ":/": a text without one has none to blank.
  for (const match of (text.includes(':/') ? text.replace(URI, ' ') : text).matchAll(PATH)) {
    const path = (match[1] ?? '').replace(/^\.\//, '');
    if (path === '' || seen.has(path)) continue;
    seen.add(path);
    found.push(path);
    if (found.length >= limit) break;
  }
  return found;
}

/**
 * Paths per distinct text with a slash (a text met again, as in a replay, a long history or the next
 * dry run, is not searched again); bounded, above the bench agent's 4,917 such texts (at 5,000 the
 * seeded sessions' texts and a bench-scale window together overflowed it, and each dry run searched again).
 */
const pathsOfText = new Map<string, string[]>();
const PATHS_CACHE_LIMIT = 20_000;

/**
 * extractFilePaths over texts joined by line breaks, searching each text once: no path crosses a
 * line break, so the paths of the joined text are each text's, in order, deduplicated. The texts are
 * read only until `limit` paths are found (a long window's first texts usually hold them).
 */
export function extractFilePathsOf(texts: Iterable<string>, limit = KEY_FACTS_MAX): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    if (!text.includes('/')) continue; // no path (extractFilePaths), nothing to remember
    let paths = pathsOfText.get(text);
    if (!paths) {
      paths = extractFilePaths(text, limit);
      if (pathsOfText.size >= PATHS_CACHE_LIMIT) pathsOfText.clear();
      pathsOfText.set(text, paths);
    }
    for (const p of paths) {
      found.add(p);
      if (found.size >= limit) return [...found];
    }
  }
  return [...found];
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function excerpt(text: string, max: number): string {
  const line = oneLine(text);
  const chars = Array.from(line);
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('')}…`;
}

function firstSentence(text: string, max: number): string {
  const line = oneLine(text);
  const end = line.search(/[.!?](\s|$)/);
  return excerpt(end >= 0 ? line.slice(0, end + 1) : line, max);
}

const CONSTRAINT = /\b(must|should|never|always|do not|don't|avoid|prefer|only|make sure)\b/i;

function constraints(users: readonly Message[]): string[] {
  const out: string[] = [];
  for (const m of users) {
    for (const sentence of oneLine(m.content).split(/(?<=[.!?])\s+/)) {
      if (CONSTRAINT.test(sentence)) out.push(excerpt(sentence, 200));
      if (out.length >= LIST_MAX) return out;
    }
  }
  return out;
}

function toolUsage(window: readonly Message[]): string {
  const counts = new Map<string, number>();
  for (const m of window) for (const c of m.tool_calls) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
  const entries = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return entries.length === 0 ? 'none' : entries.map(([name, n]) => `${name} ×${n}`).join(', ');
}

const RETURNCODE = /<returncode>\s*(-?\d+)\s*<\/returncode>/;

function failedResult(m: Message): boolean {
  const code = RETURNCODE.exec(m.content);
  if (code) return code[1] !== '0';
  return /\bTraceback \(most recent call last\)|\b[A-Z]\w*Error:/.test(m.content);
}

function bullets(lines: readonly string[], empty: string): string {
  return lines.length === 0 ? `- ${empty}` : lines.map((l) => `- ${l}`).join('\n');
}

/** The text cut (with the truncation mark) to at most `maxTokens` tokens by the tokenizer. */
function cap(text: string, maxTokens: number): { text: string; truncated: boolean } {
  const limit = Math.max(0, maxTokens);
  const tokens = estimateTextTokens(text);
  if (tokens <= limit) return { text, truncated: false };
  const room = limit - estimateTextTokens(TRUNCATION_MARK);
  if (room <= 0) return { text: '', truncated: true };
  // Cut where the text's own characters-per-token ratio says the room ends, then shorten by 5%
  // until it fits (one or two tokenizer passes over at most the room, never the whole text again).
  let chars = Math.floor((room * text.length) / tokens);
  let cut = text.slice(0, chars) + TRUNCATION_MARK;
  while (chars > 0 && estimateTextTokens(cut) > limit) {
    chars = Math.floor(chars * 0.95);
    cut = text.slice(0, chars) + TRUNCATION_MARK;
  }
  return { text: chars > 0 ? cut : '', truncated: true };
}

/** A message's texts a path may be found in, in order: its content, then its calls' arguments. */
function* textsOf(window: readonly Message[]): Generator<string> {
  for (const m of window) {
    yield m.content;
    for (const c of m.tool_calls) yield c.arguments;
  }
}

/** The window's messages by what the summary says of them, in one pass (in list order). */
function sortWindow(window: readonly Message[]) {
  const users: Message[] = [];
  const assistantsWithText: Message[] = [];
  const toolResults: Message[] = [];
  const priorSummaries: Message[] = [];
  let assistants = 0;
  let callCount = 0;
  let inputTokens = 0;
  for (const m of window) {
    if (m.role === 'user') users.push(m);
    else if (m.role === 'assistant') {
      assistants += 1;
      if (m.content.trim() !== '') assistantsWithText.push(m);
    } else if (m.role === 'tool') toolResults.push(m);
    if (m.metadata.kind === 'compaction_summary') priorSummaries.push(m);
    callCount += m.tool_calls.length;
    inputTokens += messageTokens(m);
  }
  return { users, assistantsWithText, toolResults, priorSummaries, assistants, callCount, inputTokens };
}

/** Summarizes a window (in list order). Pure: the same window and options give the same text. */
export function simulateSummary(window: readonly Message[], options: SummaryOptions): SimulatedSummary {
  const { users, assistantsWithText, toolResults, priorSummaries, assistants, callCount, inputTokens } = sortWindow(window);
  const keyFacts = extractFilePathsOf(textsOf(window));
  const firstUser = users[0];
  const lastAssistant = assistantsWithText[assistantsWithText.length - 1];

  const goalSource = firstUser ?? options.task ?? null;
  const goal = goalSource ? excerpt(goalSource.content, 600) : '(no operator message found)';
  const progress = [
    `${window.length} messages summarized: ${users.length} operator, ${assistants} assistant, ${toolResults.length} tool results`,
    `Tool calls: ${callCount} (${toolUsage(window)})`,
    `Tool results reporting errors: ${toolResults.filter(failedResult).length}`,
  ];
  if (priorSummaries.length > 0) {
    // Named by when they were written, not by id: the text (and so its tokens) must not depend on
    // id numbering, so a replay at the same point writes the very same summary.
    progress.push(`Folds in ${priorSummaries.length} earlier compaction summary(ies), written ${priorSummaries.map((m) => m.created_at.slice(0, 16).replace('T', ' ')).join(', ')}`);
  }
  const decisions = assistantsWithText.slice(-LIST_MAX).map((m) => firstSentence(m.content, 160));
  const next = lastAssistant ? [`Resume from: ${excerpt(lastAssistant.content, 400)}`] : [];
  const critical = keyFacts.length > 0 ? [`Files: ${keyFacts.join(', ')}`] : [];

  const full = [
    `${SIMULATED_SUMMARY_LABEL} Context checkpoint of ${window.length} messages by ${options.author} (prompt ${options.prompt}).`,
    '',
    '## Goal',
    goal,
    '',
    '## Constraints & Preferences',
    bullets(constraints(users), 'none stated in the summarized messages'),
    '',
    '## Progress',
    bullets(progress, 'nothing recorded'),
    '',
    '## Key Decisions',
    bullets(decisions, 'no assistant reasoning in the summarized messages'),
    '',
    '## Next Steps',
    bullets(next, 'continue with the most recent messages'),
    '',
    '## Critical Context',
    bullets(critical, 'no file paths mentioned'),
  ].join('\n');

  const capped = cap(full, options.maxTokens);
  return {
    text: capped.text,
    key_facts: keyFacts,
    input_tokens: inputTokens,
    output_tokens: estimateTextTokens(capped.text),
    truncated: capped.truncated,
  };
}
