import type { MediaFile } from './file-cache';

/** The request headers that decide how much of a file to send (RFC 9110 §13 and §14). */
export interface FileConditions {
  range?: string | undefined;
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
  ifRange?: string | undefined;
}

export type FilePart =
  { status: 304 } | { status: 200 | 206; start: number; end: number; contentRange: string | null };

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

function noneMatch(header: string, etag: string): boolean {
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === etag);
}

/** Seconds of an HTTP date, or NaN. */
const dateSeconds = (value: string) => Math.floor(Date.parse(value) / 1000);

/**
 * A single `bytes=a-b` range (what video elements and hls.js send). Anything else, unsatisfiable
 * ranges included, is ignored and answered with the whole file, as HTTP allows.
 */
export function byteRange(range: string | undefined, size: number): [number, number] | null {
  const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (!match || (!match[1] && !match[2])) return null;
  const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
  const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return start > end || start >= size ? null : [start, end];
}

/** A range applies unless If-Range names another version (an ETag must match strongly, a date exactly). */
function rangeStillApplies(ifRange: string | undefined, file: MediaFile): boolean {
  if (!ifRange) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === file.etag;
  return dateSeconds(value) === file.modifiedSeconds;
}

/** 304 when the client has this version, else the whole file or the one range it asked for. */
export function filePart(file: MediaFile, conditions: FileConditions): FilePart {
  if (conditions.ifNoneMatch !== undefined) {
    if (noneMatch(conditions.ifNoneMatch, file.etag)) return { status: 304 };
  } else if (conditions.ifModifiedSince && file.modifiedSeconds <= dateSeconds(conditions.ifModifiedSince)) {
    return { status: 304 };
  }
  const range = rangeStillApplies(conditions.ifRange, file) ? byteRange(conditions.range, file.size) : null;
  if (!range) return { status: 200, start: 0, end: file.size - 1, contentRange: null };
  return {
    status: 206,
    start: range[0],
    end: range[1],
    contentRange: `bytes ${range[0]}-${range[1]}/${file.size}`,
  };
}
