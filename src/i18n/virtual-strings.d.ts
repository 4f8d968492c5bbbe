/** One block of src/i18n/<locale>.json as its own module (./namespace-modules.ts). */
declare module 'virtual:strings/*' {
  interface Strings {
    [key: string]: string | Strings;
  }
  const strings: Strings;
  export default strings;
}
