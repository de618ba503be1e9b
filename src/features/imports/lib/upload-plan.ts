/**
 * How an import's files travel to the simulator: in parts of at most 8 MiB each (the simulator's
 * limit, and small enough that demo mode's page never stalls on one request body), and what the
 * progress bar says while they travel and while the simulator reads them.
 */
import type { ImportProgress } from '../../../domain/contract/simulator-imports';

export const PART_BYTES = 8 * 1024 * 1024;

/** A file chosen for import: its name as the simulator should see it (a relative path inside a folder) and its bytes. */
export interface ChosenFile {
  name: string;
  file: Blob;
}

export interface Part {
  /** Index into the chosen files. */
  file: number;
  offset: number;
  end: number;
}

/** The parts of every file in order; an empty file still gets one (empty) part, so the simulator knows of it. */
export function planParts(sizes: readonly number[], partBytes = PART_BYTES): Part[] {
  const parts: Part[] = [];
  sizes.forEach((size, file) => {
    if (size === 0) parts.push({ file, offset: 0, end: 0 });
    for (let offset = 0; offset < size; offset += partBytes) parts.push({ file, offset, end: Math.min(size, offset + partBytes) });
  });
  return parts;
}

/** The share of the bar the upload takes; the simulator's reading, counting and seeding take the rest. */
const UPLOAD_SHARE = 0.25;

export interface ProgressView {
  fraction: number;
  label: string;
}

export function formatMegabytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(bytes === 0 ? 0 : 1, Math.round(bytes / 1024)).toLocaleString('en-US')} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('en-US', { maximumFractionDigits: bytes < 10 * 1024 * 1024 ? 1 : 0 })} MB`;
}

export function uploadProgress(sent: number, total: number): ProgressView {
  const share = total === 0 ? 1 : sent / total;
  return { fraction: UPLOAD_SHARE * share, label: `Sending ${formatMegabytes(sent)} of ${formatMegabytes(total)}` };
}

const PHASES: Record<ImportProgress['phase'], string> = {
  reading: 'Reading the files',
  parsing: 'Reading the transcripts and counting tokens',
  seeding: 'Adding the sessions',
  done: 'Done',
};

export function jobProgress(progress: ImportProgress): ProgressView {
  const files = progress.files_total > 0 ? ` (${progress.files_done} of ${progress.files_total} files)` : '';
  return { fraction: UPLOAD_SHARE + (1 - UPLOAD_SHARE) * progress.fraction, label: `${PHASES[progress.phase]}${progress.phase === 'seeding' ? files : ''}` };
}

/** A size in megabytes and, exactly, in bytes: "200 MB (209,715,201 bytes)". Rounded figures alone can read the same. */
function exactSize(bytes: number): string {
  return `${formatMegabytes(bytes)} (${bytes.toLocaleString('en-US')} bytes)`;
}

/** Files the simulator will refuse for their size, said before anything is sent, both figures exact. */
export function tooLarge(files: readonly ChosenFile[], maxBytes: number): string[] {
  return files.filter((f) => f.file.size > maxBytes).map((f) => `${f.name} is ${exactSize(f.file.size)}; the simulator takes files up to ${exactSize(maxBytes)}.`);
}

/**
 * Why a chosen file's name cannot be sent, or null: a name whose path climbs out of the folder it
 * was chosen from (a `..` part) or starts at a root. Such a file is reported and left out (the
 * simulator never writes outside its data folder either).
 */
export function unsafeName(name: string): string | null {
  if (name.split(/[\\/]/).includes('..')) return `${name} is not imported: its name leads out of the folder it was chosen from (..).`;
  if (/^([\\/]|[a-z]:)/i.test(name)) return `${name} is not imported: its name is an absolute path.`;
  return null;
}
