// utif (UTIF.js) ships no types; the little decode-tiff.ts uses.
declare module "utif" {
  interface UtifPage {
    width: number;
    height: number;
    [tag: string]: unknown;
  }
  const UTIF: {
    decode(buffer: ArrayBuffer): UtifPage[];
    decodeImage(buffer: ArrayBuffer, page: UtifPage): void;
    toRGBA8(page: UtifPage): Uint8Array;
  };
  export default UTIF;
}
