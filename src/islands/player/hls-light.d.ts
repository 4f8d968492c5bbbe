/** hls.js ships no declarations for its light entry point; its API is the full build's, minus features. */
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
