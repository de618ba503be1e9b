/**
 * Plausibility (plausibility.ts) of a list of records, loaded page by page: a record repeated (kept
 * once) or of another session (dropped), named in notices. Checked incrementally as pages and live
 * records arrive, so a long ledger is not sifted again in full on each page.
 */
import type { CompactionRecord } from './contract/types';
import type { Notice } from './plausibility';

/** Records the page should not list: repeated ids (kept once) and other sessions' records (dropped). */
export function checkRecords<R extends Pick<CompactionRecord, 'id' | 'session_id'>>(records: readonly R[], sessionId: string | null): { records: R[]; notices: Notice[] } {
  const { kept, duplicates, foreign } = sift(records, sessionId);
  return { records: kept, notices: recordNotices(duplicates, foreign) };
}

/**
 * The same over a paged list: a record repeated inside one page is the daemon's error; one on two
 * pages is the offsets moving under live inserts, kept once without a notice.
 */
export function checkRecordPages<R extends Pick<CompactionRecord, 'id' | 'session_id'>>(
  pages: readonly (readonly R[])[],
  sessionId: string | null,
): { records: R[]; notices: Notice[] } {
  const { records, notices } = checkLoadedPages(null, pages, sessionId);
  return { records, notices };
}

/** A check of loaded pages that the next page can extend (checkLoadedPages). */
export interface PagesCheck<R extends Pick<CompactionRecord, 'id' | 'session_id'>> {
  records: R[];
  notices: Notice[];
  pages: readonly (readonly R[])[];
  sessionId: string | null;
  duplicates: number;
  foreign: number;
  /** The ids each page added to `records`. */
  ids: readonly ReadonlySet<string>[];
}

/**
 * checkRecordPages for pages loaded one after another: when the pages checked before are the
 * first of these (the same arrays), only the new pages are checked (O(page), not O(all loaded
 * records)); when live records were put at the head of the first page, only those; otherwise
 * (a record put elsewhere, another view) all of them, from scratch.
 * The same records and notices as checkRecordPages.
 */
export function checkLoadedPages<R extends Pick<CompactionRecord, 'id' | 'session_id'>>(
  previous: PagesCheck<R> | null,
  pages: readonly (readonly R[])[],
  sessionId: string | null,
): PagesCheck<R> {
  const head = previous !== null && previous.sessionId === sessionId ? checkHead(previous, pages) : null;
  if (head !== null) return head;
  const extend =
    previous !== null && previous.sessionId === sessionId && previous.pages.length <= pages.length && previous.pages.every((items, i) => items === pages[i]);
  const base = extend ? previous : null;
  let duplicates = base?.duplicates ?? 0;
  let foreign = base?.foreign ?? 0;
  const ids = base ? base.ids.slice() : [];
  const added: R[] = [];
  for (const items of pages.slice(base ? base.pages.length : 0)) {
    const page = sift(items, sessionId);
    duplicates += page.duplicates;
    foreign += page.foreign;
    const pageIds = new Set<string>();
    for (const record of page.kept) {
      if (pageIds.has(record.id) || ids.some((earlier) => earlier.has(record.id))) continue;
      pageIds.add(record.id);
      added.push(record);
    }
    ids.push(pageIds);
  }
  if (base && added.length === 0 && pages.length === base.pages.length) return base;
  return {
    records: base ? base.records.concat(added) : added,
    notices: base && duplicates === base.duplicates && foreign === base.foreign ? base.notices : recordNotices(duplicates, foreign),
    pages,
    sessionId,
    duplicates,
    foreign,
    ids,
  };
}

/**
 * The last check with records put at the head of the first page (live records, newest first: the
 * first page is the one before with them in front, the other pages the same arrays), or null when
 * the pages changed otherwise or a new record is one loaded already (checked from scratch then).
 */
function checkHead<R extends Pick<CompactionRecord, 'id' | 'session_id'>>(previous: PagesCheck<R>, pages: readonly (readonly R[])[]): PagesCheck<R> | null {
  const before = previous.pages[0];
  const first = pages[0];
  if (before === undefined || first === undefined || first === before || first.length <= before.length) return null;
  if (pages.length !== previous.pages.length || pages.some((items, i) => i > 0 && items !== previous.pages[i])) return null;
  const added = first.length - before.length;
  for (let i = 0; i < before.length; i += 1) if (first[added + i] !== before[i]) return null;
  const page = sift(first.slice(0, added), previous.sessionId);
  if (page.kept.some((record) => previous.ids.some((ids) => ids.has(record.id)))) return null;
  const ids = previous.ids.slice();
  ids[0] = new Set([...page.kept.map((record) => record.id), ...(previous.ids[0] ?? [])]);
  const duplicates = previous.duplicates + page.duplicates;
  const foreign = previous.foreign + page.foreign;
  return {
    records: page.kept.concat(previous.records),
    notices: duplicates === previous.duplicates && foreign === previous.foreign ? previous.notices : recordNotices(duplicates, foreign),
    pages,
    sessionId: previous.sessionId,
    duplicates,
    foreign,
    ids,
  };
}

/** checkLoadedPages remembering its last answer: each call extends it where it can. */
export function pagesChecker<R extends Pick<CompactionRecord, 'id' | 'session_id'>>(): (pages: readonly (readonly R[])[], sessionId: string | null) => PagesCheck<R> {
  let last: PagesCheck<R> | null = null;
  return (pages, sessionId) => (last = checkLoadedPages(last, pages, sessionId));
}

function sift<R extends Pick<CompactionRecord, 'id' | 'session_id'>>(records: readonly R[], sessionId: string | null) {
  const seen = new Set<string>();
  let duplicates = 0;
  let foreign = 0;
  const kept: R[] = [];
  for (const r of records) {
    if (sessionId !== null && r.session_id !== sessionId) {
      foreign += 1;
      continue;
    }
    if (seen.has(r.id)) {
      duplicates += 1;
      continue;
    }
    seen.add(r.id);
    kept.push(r);
  }
  return { kept, duplicates, foreign };
}

function recordNotices(duplicates: number, foreign: number): Notice[] {
  const notices: Notice[] = [];
  if (duplicates > 0) notices.push({ kind: 'record-duplicate', message: `The daemon sent ${duplicates} record${duplicates === 1 ? '' : 's'} twice; each is listed once.` });
  if (foreign > 0) notices.push({ kind: 'record-foreign', message: `The daemon sent ${foreign} record${foreign === 1 ? '' : 's'} of another session; not shown here.` });
  return notices;
}
