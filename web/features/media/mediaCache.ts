import type { MediaFile } from '../../../shared/media';
import type { AppThunk } from '../../state/store';
import { FileBook, type FileChange } from './fileBook';
import { applyChange, listedFiles, type FilesArg, type FilesData } from './fileList';
import { mediaEndpoints } from './mediaEndpoints';

/** One book for the whole client: every list and every push consult the same newest states. */
const book = new FileBook();

/** Applies changes to every cached list of files, whatever its kind and tab. */
const changesApplied =
  (changes: readonly FileChange[]): AppThunk =>
  (dispatch, getState) => {
    if (changes.length === 0) return;
    const now = Date.now();
    for (const arg of mediaEndpoints.util.selectCachedArgsForQuery(getState(), 'getFiles')) {
      dispatch(
        mediaEndpoints.util.updateQueryData('getFiles', arg, (data) => {
          for (const change of changes) applyChange(data, change, arg, now);
        }),
      );
    }
  };

/** States of files from a response or a push; any no newer than what the client knows are dropped. */
export const filesReceived =
  (files: readonly MediaFile[]): AppThunk =>
  (dispatch) => {
    const news = files.filter((file) => book.record(file));
    dispatch(changesApplied(news.map((file) => ({ key: file.key, file }))));
  };

/** The widget's finished uploads: into the lists at once, and the storage used has grown. */
export const filesUploaded =
  (files: readonly MediaFile[]): AppThunk =>
  (dispatch) => {
    dispatch(filesReceived(files));
    dispatch(mediaEndpoints.util.invalidateTags(['StorageUsage']));
  };

export const filesDeleted =
  (keys: readonly string[]): AppThunk =>
  (dispatch) => {
    const news = keys.filter((key) => book.recordDeleted(key));
    dispatch(changesApplied(news.map((key) => ({ key, file: null }))));
  };

/** A counted play answers only the count and its version; the rest is the newest state known. */
export const viewCounted =
  (key: string, counted: { views: number; version: number }): AppThunk =>
  (dispatch) => {
    const known = book.newest(key);
    if (known) dispatch(filesReceived([{ ...known, ...counted }]));
  };

export const isKnownFile = (key: string): boolean => book.newest(key) !== undefined;

/** Where the book stood when a list's request left, to catch the list up when it lands. */
export const markBeforeLoad = (): number => book.mark();

/**
 * A list just loaded from the server: what the client learned while the request was in flight
 * (a push, another response) is newer than the snapshot where the two differ, so it is applied
 * over it. Then the snapshot's states join the book and reach the other lists, which may hold
 * older copies.
 */
export const filesLoaded =
  (arg: FilesArg, data: FilesData, mark: number): AppThunk =>
  (dispatch) => {
    const meanwhile = book.learnedSince(mark);
    if (meanwhile.length > 0) {
      const now = Date.now();
      dispatch(
        mediaEndpoints.util.updateQueryData('getFiles', arg, (draft) => {
          for (const change of meanwhile) applyChange(draft, change, arg, now);
        }),
      );
    }
    dispatch(filesReceived(listedFiles(data)));
  };
