/**
 * Files dropped on the page or chosen with a picker, as the simulator should see them: a file
 * inside a dropped or chosen folder keeps its path relative to the folder's parent
 * ("project/abc/subagents/agent-1.jsonl"), which is how a Claude Code subagent file finds its
 * session. Folders are walked where the browser allows (webkitGetAsEntry); hidden files are left out.
 */
import type { ChosenFile } from './upload-plan';

/** The parts of the File and Directory Entries API this uses (so tests can give plain objects). */
export interface EntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
  file?: (ok: (file: File) => void, fail: (error: unknown) => void) => void;
  createReader?: () => { readEntries: (ok: (entries: EntryLike[]) => void, fail: (error: unknown) => void) => void };
}

/** A hidden file (.DS_Store, .git): its own name starts with a dot; a path such as ../x.jsonl is not hidden (it is reported). */
const hidden = (name: string) => (name.split(/[\\/]/).pop() ?? '').startsWith('.');

async function readAll(dir: EntryLike): Promise<EntryLike[]> {
  const reader = dir.createReader?.();
  if (!reader) return [];
  const out: EntryLike[] = [];
  // readEntries answers in batches (100 in Chromium) until it answers an empty one.
  for (;;) {
    const batch = await new Promise<EntryLike[]>((ok, fail) => reader.readEntries(ok, fail));
    if (batch.length === 0) return out;
    out.push(...batch);
  }
}

/** Every file under the entries, depth first, names relative to the drop (no leading slash). */
export async function filesFromEntries(entries: readonly EntryLike[]): Promise<ChosenFile[]> {
  const out: ChosenFile[] = [];
  const visit = async (entry: EntryLike): Promise<void> => {
    if (hidden(entry.name)) return;
    if (entry.isFile && entry.file) {
      const file = await new Promise<File>((ok, fail) => entry.file?.(ok, fail));
      out.push({ name: entry.fullPath.replace(/^\/+/, '') || entry.name, file });
    } else if (entry.isDirectory) {
      const children = await readAll(entry);
      children.sort((a, b) => a.name.localeCompare(b.name));
      for (const child of children) await visit(child);
    }
  };
  for (const entry of entries) await visit(entry);
  return out;
}

/** Files from an <input type="file"> (a folder picker gives each its webkitRelativePath). */
export function filesFromInput(files: Iterable<File>): ChosenFile[] {
  return [...files].filter((f) => !hidden(f.name)).map((file) => ({ name: file.webkitRelativePath || file.name, file }));
}

/** Files from a drop: folders walked when the browser gives entries, else the plain file list. */
export async function filesFromDrop(data: DataTransfer): Promise<ChosenFile[]> {
  const items = [...data.items].filter((item) => item.kind === 'file');
  const entries = items.map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length > 0 && entries.every((e) => e !== null)) return filesFromEntries(entries as unknown as EntryLike[]);
  return filesFromInput(data.files);
}

/** Adds newly chosen files to a selection; the same name chosen again replaces the earlier one. */
export function addChosen(current: readonly ChosenFile[], added: readonly ChosenFile[]): ChosenFile[] {
  const names = new Set(added.map((f) => f.name));
  return [...current.filter((f) => !names.has(f.name)), ...added];
}
