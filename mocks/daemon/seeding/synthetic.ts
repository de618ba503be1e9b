import { countTokens, primeTokenCount } from '../../engine/estimate';
import type { ImportedMessage } from '../../../src/domain/transcripts/types';
import type { Rng } from '../../store/prng';

/**
 * Plausible agent traffic for the generated sessions and the live simulation: operator asks,
 * assistant turns with single and parallel tool calls, tool results of realistic sizes.
 * Deterministic for a given Rng.
 */
const FILES = ['src/harness/compaction.ts', 'src/llm/estimate-tokens.ts', 'src/harness/pruning.ts', 'packages/storage/src/compaction-record.ts', 'docs/specs/agent.md', 'src/plugin-host/roles.ts', 'test/harness/compaction.test.ts', 'src/session-manager/checkpoint.ts'];
const TOOLS = ['read', 'grep', 'bash', 'edit', 'glob', 'skill'];
const ASKS = [
  'Add the reactive retry cap to dispatchPrimary and a test for it.',
  'Why does the estimator return 0 for the ollama model? Fix it.',
  'Wire pre_compact observers in manifest-declaration order.',
  'Run the harness tests and fix whatever fails.',
  'Summarise what changed in the pruning pre-pass since yesterday.',
  'Make the compactor fallback log the whole failure chain as one audit event.',
];
const WORDS = 'the harness estimates tokens before each call and compacts when the estimate crosses the upper threshold then keeps going until it is under the lower one superseded messages stay in storage tool pairs move together always keep messages stay put'.split(' ');

/**
 * Generated text with its token count, added up from its pieces: o200k splits text into pieces
 * (a word with the space before it, a run of punctuation, up to three digits, a line break) before
 * it merges anything, so the count of words joined by spaces is the sum of the counts of " word".
 */
interface Counted {
  text: string;
  tokens: number;
}

function prose(rng: Rng, words: number): Counted {
  const out: string[] = [];
  let tokens = 0;
  for (let i = 0; i < words; i++) {
    const w = rng.pick(WORDS);
    out.push(w);
    tokens += countTokens(i === 0 ? w : ` ${w}`);
  }
  return { text: out.join(' '), tokens };
}

function toolOutput(rng: Rng, tool: string, file: string, readLines: readonly [number, number]): Counted {
  const lines = tool === 'read' ? rng.int(readLines[0], readLines[1]) : tool === 'bash' ? rng.int(5, 140) : rng.int(2, 40);
  const body: string[] = [];
  let tokens = Math.max(0, lines - 1) * countTokens('\n');
  for (let i = 0; i < lines; i++) {
    const words = prose(rng, rng.int(4, 14));
    const head = `${file}:${i + 1}:`;
    body.push(`${head} ${words.text}`);
    // " " + prose: the first word gains its leading space.
    const first = words.text.slice(0, words.text.indexOf(' ') < 0 ? undefined : words.text.indexOf(' '));
    tokens += countTokens(head) + words.tokens - countTokens(first) + countTokens(` ${first}`);
  }
  return { text: body.join('\n'), tokens };
}

/** The text, its count remembered for the estimator. */
function primed(c: Counted): string {
  primeTokenCount(c.text, c.tokens);
  return c.text;
}

export interface SyntheticTurnOptions {
  /** ISO time of the turn's first message; later messages follow by a few seconds. */
  at: Date;
  /** Start the turn with an operator message. */
  withAsk: boolean;
  idPrefix: string;
  /** The tools the turn calls (default: read, grep, bash, edit, glob, skill). */
  tools?: readonly string[];
  /** How many lines a read returns (default 30 to 320). */
  readLines?: readonly [number, number];
}

/** One turn: maybe an operator ask, then 1–4 assistant steps (tool calls, some parallel) and a closing answer. */
export function syntheticTurn(rng: Rng, opts: SyntheticTurnOptions): ImportedMessage[] {
  let t = opts.at.getTime();
  const at = () => new Date((t += rng.int(800, 9_000))).toISOString();
  const out: ImportedMessage[] = [];
  const base: Omit<ImportedMessage, 'role' | 'content' | 'created_at'> = { tool_calls: [], tool_call_id: null, tool_name: null, is_error: false, usage: null, external_id: null };
  if (opts.withAsk) out.push({ ...base, role: 'user', content: rng.pick(ASKS), created_at: at() });
  const steps = rng.int(1, 4);
  for (let s = 0; s < steps; s++) {
    const parallel = rng.chance(0.2) ? rng.int(2, 4) : 1;
    const calls = Array.from({ length: parallel }, (_, i) => {
      const name = rng.pick(opts.tools ?? TOOLS);
      const file = rng.pick(FILES);
      return { id: `${opts.idPrefix}_${s}_${i}`, name, arguments: JSON.stringify(name === 'bash' ? { command: `npm test -- ${file}` } : { path: file }), file };
    });
    out.push({ ...base, role: 'assistant', content: primed(prose(rng, rng.int(8, 40))), tool_calls: calls.map(({ file: _f, ...c }) => c), created_at: at() });
    // Results of parallel calls may come back in any order.
    const order = parallel > 1 && rng.chance(0.5) ? [...calls].reverse() : calls;
    for (const call of order) {
      out.push({ ...base, role: 'tool', content: primed(toolOutput(rng, call.name, call.file, opts.readLines ?? [30, 320])), tool_call_id: call.id, tool_name: call.name, is_error: rng.chance(0.05), created_at: at() });
    }
  }
  out.push({ ...base, role: 'assistant', content: primed(prose(rng, rng.int(30, 160))), created_at: at() });
  return out;
}

export const SYSTEM_PROMPT =
  'You are a kaged coding agent. Work in small verified steps. Use tools to read before you edit. Report what you changed.';
