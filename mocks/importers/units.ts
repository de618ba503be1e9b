// What an import prepares: one unit per session to create, and the files that make none.

import type { ImportedTranscript } from '../../src/domain/transcripts/types';
import type { PreparedFile } from './reports';

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
