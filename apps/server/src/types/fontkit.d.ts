// fontkit ships no types; this names the one call the invoice uses.
declare module 'fontkit' {
  /** A parsed font, which pdfkit can embed and lay text out with. */
  export interface Font {
    readonly postscriptName: string;
  }
  export function openSync(path: string): Font;
}
