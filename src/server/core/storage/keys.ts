/**
 * The storage keys of every kind of kept file, in one place: each is the file's path under DATA_DIR
 * as it was before object storage (issue 28), so the local directory keeps its layout and a bucket
 * (or `npm run storage:migrate`) mirrors it under its prefix.
 */

/** The top folders the storage holds; nothing else of DATA_DIR (database, secrets, lock) is kept there. */
export const STORED_FOLDERS = ['media/', 'uploads/'] as const;

/** A packaged title's folder; its files are `<folder><file>` (master.m3u8, v720/seg00001.mpegts, ...). */
export const packagePrefix = (asset: string) => `media/${asset}/`;
export const packageKey = (asset: string, file: string) => `${packagePrefix(asset)}${file}`;
/** The file whose presence means a package is complete (written last). */
export const PACKAGE_MANIFEST = 'package.json';

/**
 * A content key's file name inside a package folder, as scripts/package-hls.mjs writes it. Content keys
 * are never stored in object storage (decision record 0047): the migration leaves them out.
 */
export const CONTENT_KEY_FILE = 'key.bin';

/** A source video awaiting packaging, and its extra audio tracks. */
export const sourceKey = (asset: string) => `uploads/sources/${asset}.source`;
export const sourceAudioKey = (asset: string, index: number) => `${sourceKey(asset)}.audio${index}`;
/** An audio track uploaded before its video (issue 29). */
export const stagedAudioKey = (name: string) => `uploads/audio/${name}`;
/** Artwork as served (resized) and its uploaded source. */
export const artworkKey = (file: string) => `media/artwork/${file}`;
export const artworkSourceKey = (name: string) => `uploads/artwork/${name}.source`;
export const avatarKey = (name: string) => `uploads/avatars/${name}`;
