import type { InfiniteData } from '@reduxjs/toolkit/query';
import {
  RECENT_DAYS,
  type FileKind,
  type FilesPage,
  type FilesTab,
  type MediaFile,
} from '../../../shared/media';
import type { FileChange } from './fileBook';

/** One cached list: a member's files of one kind (all kinds when absent) in one tab. */
export interface FilesArg {
  kind?: FileKind;
  tab: FilesTab;
}

/** A list as RTK Query keeps it: `pages[0]` is the newest page; the page param is the cursor. */
export type FilesData = InfiniteData<FilesPage, string | null>;

/** The library tabs (001 §2), in the spec's order. */
export const FILE_TABS = [
  { value: 'all', label: 'All' },
  { value: 'starred', label: 'Starred' },
  { value: 'recent', label: 'Recent' },
  { value: 'archived', label: 'Archived' },
] as const satisfies readonly { value: FilesTab; label: string }[];

export function isFilesTab(value: string | null): value is FilesTab {
  return FILE_TABS.some((tab) => tab.value === value);
}

const RECENT_MS = RECENT_DAYS * 24 * 3600 * 1000;

/** 001 §4: archived files appear only under Archived; Recent is the last seven days. */
export function inTab(file: MediaFile, tab: FilesTab, now: number): boolean {
  if (tab === 'archived') return file.isArchived;
  if (file.isArchived) return false;
  if (tab === 'starred') return file.isStarred;
  if (tab === 'recent') return Date.parse(file.uploadedAt) >= now - RECENT_MS;
  return true;
}

export function belongsTo(file: MediaFile, arg: FilesArg, now: number): boolean {
  return (arg.kind === undefined || file.kind === arg.kind) && inTab(file, arg.tab, now);
}

/** The server's order: newest upload first, the id breaking ties (as its keyset cursor does). */
export function compareFiles(a: MediaFile, b: MediaFile): number {
  if (a.uploadedAt !== b.uploadedAt) return a.uploadedAt < b.uploadedAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export function listedFiles(data: FilesData | undefined): MediaFile[] {
  return data ? data.pages.flatMap((page) => page.files) : [];
}

function findFile(data: FilesData, key: string): { page: number; index: number } | null {
  for (const [page, { files }] of data.pages.entries()) {
    const index = files.findIndex((file) => file.key === key);
    if (index >= 0) return { page, index };
  }
  return null;
}

export function removeFile(data: FilesData, key: string): void {
  const at = findFile(data, key);
  if (at) data.pages[at.page]!.files.splice(at.index, 1);
}

/**
 * Places a file the list does not hold where the server would have put it. A file that sorts
 * after everything loaded while more pages exist is left for the page that will bring it, so
 * the loaded range never gains a gap.
 */
function insertFile(data: FilesData, file: MediaFile): void {
  for (const page of data.pages) {
    const last = page.files.at(-1);
    if (last && compareFiles(file, last) <= 0) {
      page.files.push(file);
      page.files.sort(compareFiles);
      return;
    }
  }
  const lastPage = data.pages.at(-1);
  if (!lastPage) {
    data.pages.push({ files: [file], nextCursor: null });
    data.pageParams.push(null);
  } else if (lastPage.nextCursor === null) {
    lastPage.files.push(file);
  }
}

/**
 * Applies a newer state of a file to one cached list, in place (an Immer draft or plain data):
 * it replaces the held copy, joins the list it now belongs to, or leaves the one it no longer
 * does. A state no newer than the one held changes nothing, so a late duplicate is harmless.
 */
export function applyFile(data: FilesData, file: MediaFile, arg: FilesArg, now: number): void {
  const at = findFile(data, file.key);
  const belongs = belongsTo(file, arg, now);
  if (!at) {
    if (belongs) insertFile(data, file);
    return;
  }
  const page = data.pages[at.page]!;
  if (page.files[at.index]!.version >= file.version) return;
  // The upload time never changes, so a file that stays keeps its place.
  if (belongs) page.files[at.index] = file;
  else page.files.splice(at.index, 1);
}

/** Applies what the client learned about a file (see FileBook) to one cached list. */
export function applyChange(data: FilesData, change: FileChange, arg: FilesArg, now: number): void {
  if (change.file) applyFile(data, change.file, arg, now);
  else removeFile(data, change.key);
}
