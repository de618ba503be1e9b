// From files as given (a folder, several files, one file) to transcripts ready to seed, with one
// report per file. Pure apart from the `pause` it awaits between slices of work, so the same code
// runs in the page's main thread (demo mode, via a Web Worker: import-worker.ts), in a worker,
// and in Node (loopback server, CLI folder import).
//
// - Format by content, not by name (src/domain/transcripts/formats.ts): Claude Code session
//   JSONL, Codex CLI rollouts, Gemini CLI chat recordings (JSON or JSONL), OpenAI-chat
//   trajectories. Anything else is refused with a message naming the formats expected.
// - Claude Code files group into sessions with their subagent files (claude-units.ts).
// - Token sizes are computed here (token-profile.ts), so seeding never tokenizes again.

import { importCodexRolloutParsed } from '../../src/domain/transcripts/codex';
import { baseName, isObject } from '../../src/domain/transcripts/common';
import { detectFormat, EXPECTED_FORMATS, GEMINI_PROMPT_LOG, isGeminiPromptLog, type TranscriptFormat } from '../../src/domain/transcripts/formats';
import { importGeminiCliParsed } from '../../src/domain/transcripts/gemini-cli';
import { parseJsonlIncrementally, type ParsedJsonl } from '../../src/domain/transcripts/jsonl';
import { conversationOf, importOpenAiChatDoc } from '../../src/domain/transcripts/openai-chat';
import type { ImportResult } from '../../src/domain/transcripts/types';
import { claudeCodeUnits, type ClaudeFile } from './claude-units';
import { refused, reportsOf, type PreparedFile, type SourceFile } from './reports';
import { withTokenProfiles } from './token-profile';
import type { PreparedImport, PreparedUnit } from './units';

export interface PrepareOptions {
  /** Awaited between slices of work (a macrotask in a browser or Node), so nothing blocks for long. */
  pause: () => Promise<void>;
  /** Characters of text parsed so far, over every file. */
  onProgress?: (charsDone: number) => void;
}

/**
 * A file to prepare: its text, or (a followed JSONL file, follow/followed-reads.ts) its lines
 * already parsed, each line once as the file grew, with the format its first line showed.
 */
export type PreparableFile = SourceFile & { parsed?: { format: JsonlFormat; jsonl: ParsedJsonl } };

/** The formats written one record per line: a file of them can be parsed a piece at a time. */
export type JsonlFormat = Extract<TranscriptFormat, 'claude-code' | 'codex-rollout' | 'gemini-cli'>;

/** A file read and ready for its format's importer (one session per file). */
interface SingleFile {
  source: SourceFile;
  format: TranscriptFormat;
  run: () => ImportResult;
}

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Parses, groups and imports `files`, computing their token profiles. Never throws for bad input: refusals are reports. */
export async function prepareImport(files: readonly PreparableFile[], opts: PrepareOptions): Promise<PreparedImport> {
  const rejected: PreparedFile[] = [];
  const claude: ClaudeFile[] = [];
  const singles: SingleFile[] = [];
  let done = 0;
  const jsonl = async (f: PreparableFile): Promise<ParsedJsonl> => f.parsed?.jsonl ?? parseJsonlIncrementally(f.text, f.name, opts.pause, (chars) => opts.onProgress?.(done + chars));
  for (const f of files) {
    const format = f.parsed?.format ?? detectFormat(f.text);
    if (format === null) {
      rejected.push(refused(f, null, `${f.name}: not a transcript. Expected ${EXPECTED_FORMATS}.`));
    } else if (format === 'claude-code') {
      claude.push({ source: f, parsed: await jsonl(f) });
    } else if (format === 'codex-rollout') {
      const parsed = await jsonl(f);
      singles.push({ source: f, format, run: () => importCodexRolloutParsed(parsed) });
    } else if (format === 'gemini-cli') {
      const doc = f.parsed ? null : parseDocument(f.text);
      const parsed: ParsedJsonl = isObject(doc) && !(doc instanceof Error) ? { name: f.name, lines: [{ line: 1, record: doc }], malformed: [] } : await jsonl(f);
      singles.push({ source: f, format, run: () => importGeminiCliParsed(parsed) });
    } else {
      const doc = parseDocument(f.text);
      if (doc instanceof Error) rejected.push(refused(f, null, `${f.name}: not a transcript: not JSON (${doc.message}). Expected ${EXPECTED_FORMATS}.`));
      else if (isGeminiPromptLog(doc)) rejected.push(refused(f, 'gemini-cli', `${f.name}: ${GEMINI_PROMPT_LOG}.`));
      else if (!conversationOf(doc)) rejected.push(refused(f, 'openai-chat', `${f.name}: a JSON document without messages[] (or SWE-agent history[]). Expected ${EXPECTED_FORMATS}.`));
      else singles.push({ source: f, format, run: () => importOpenAiChatDoc(doc, baseName(f.name)) });
    }
    done += f.text.length;
    opts.onProgress?.(done);
    await opts.pause();
  }

  const units: PreparedUnit[] = [];
  await claudeCodeUnits(claude, opts.pause, units, rejected);
  for (const s of singles) {
    try {
      const result = s.run();
      units.push({ transcript: withTokenProfiles(result.transcript), sha256: s.source.sha256, files: reportsOf(result, s.source, 'session', [], []) });
    } catch (err) {
      rejected.push(refused(s.source, s.format, `${errorText(err)}. Expected ${EXPECTED_FORMATS}.`));
    }
    await opts.pause();
  }
  return { units, rejected };
}

/** A whole JSON document, or the error that says why the text is not one. */
function parseDocument(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    return new Error(errorText(err));
  }
}
