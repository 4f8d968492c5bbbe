/**
 * A screening loops its package when the package is shorter than the screening (the demo's 60 s
 * one). Each pass is announced in the live playlist as an EXT-X-DATERANGE of this class, starting at
 * the pass's first frame and lasting one pass: the player places each new pass's timestamps exactly one
 * pass after the previous one's (decision record 0051), instead of guessing a timeline at the
 * discontinuity from the new segment's first samples.
 */
export const LOOP_PASS_CLASS = 'cinema-stream.loop-pass';
