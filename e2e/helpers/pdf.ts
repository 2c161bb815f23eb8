/**
 * Just enough PDF reading to check what an invoice says: the document's title, and the text
 * its pages draw. PDFKit compresses streams (FlateDecode) and writes text as hex strings in
 * TJ/Tj operators: bytes of a standard font, or glyph ids of an embedded font, which that
 * font's ToUnicode map turns back into characters, as a reader copying the text would get.
 * The server's invoice tests use it too.
 */
import { inflateSync } from 'node:zlib';

/** The /Title of the document's information dictionary, direct or by reference. */
export function pdfTitle(pdf: Buffer): string | undefined {
  const text = pdf.toString('latin1');
  const literal = '\\(((?:\\\\.|[^\\\\)])*)\\)';
  const direct = new RegExp(`/Title\\s*${literal}`).exec(text);
  const reference = /\/Title\s+(\d+)\s+(\d+)\s+R/.exec(text);
  const target = reference
    ? new RegExp(`(?:^|\\s)${reference[1]}\\s+${reference[2]}\\s+obj\\s*${literal}`).exec(text)
    : undefined;
  const value = direct?.[1] ?? target?.[1];
  return value?.replace(/\\(.)/g, '$1');
}

interface PdfObject {
  dictionary: string;
  /** The stream's bytes as latin1 text, inflated when compressed. */
  stream: string | undefined;
}

/** Every numbered object of the file. */
function pdfObjects(pdf: Buffer): Map<string, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<string, PdfObject>();
  for (const match of text.matchAll(/(\d+) \d+ obj\b([\s\S]*?)\bendobj/g)) {
    const [, id = '', body = ''] = match;
    const streamAt = body.search(/stream\r?\n/);
    if (streamAt < 0) {
      objects.set(id, { dictionary: body, stream: undefined });
      continue;
    }
    const afterKeyword = body.slice(streamAt).replace(/^stream\r?\n/, '');
    // The dictionary's /Length says where the data ends: compressed data may itself end in a
    // carriage return, which trimming the line break before `endstream` would cut off.
    const length = /\/Length (\d+)\s*(?!\d+\s+R)[/>]/.exec(body.slice(0, streamAt))?.[1];
    const data =
      length === undefined
        ? afterKeyword.replace(/\r?\nendstream\s*$/, '')
        : afterKeyword.slice(0, Number(length));
    const raw = Buffer.from(data, 'latin1');
    let stream: string;
    try {
      stream = inflateSync(raw).toString('latin1');
    } catch {
      stream = data;
    }
    objects.set(id, { dictionary: body.slice(0, streamAt), stream });
  }
  return objects;
}

type GlyphMap = Map<number, string>;

/**
 * A ToUnicode CMap as pdfkit writes it: `bfrange` lines mapping 2-byte glyph codes to an array
 * of UTF-16 strings, one per code. A string may be empty (a glyph with no character of its own,
 * such as a mark) or hold several characters (a ligature such as "fi").
 */
function parseToUnicode(cmap: string): GlyphMap {
  const map: GlyphMap = new Map();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  const range = /<([0-9a-f]+)>\s*<[0-9a-f]+>\s*\[([^\]]*)\]/gi;
  for (const [, block = ''] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from = '', targets = ''] of block.matchAll(range)) {
      const first = Number.parseInt(from, 16);
      const strings = [...targets.matchAll(/<([0-9a-f\s]*)>/gi)];
      strings.forEach(([, hex = ''], index) => {
        map.set(first + index, utf16(hex.replace(/\s+/g, '')));
      });
    }
  }
  return map;
}

/** Each font resource name (F1, F2, …) with its ToUnicode map; none for a standard font. */
function fontMaps(objects: Map<string, PdfObject>): Map<string, GlyphMap> {
  const maps = new Map<string, GlyphMap>();
  for (const { dictionary } of objects.values()) {
    const fonts = /\/Font\s*<<([\s\S]*?)>>/.exec(dictionary)?.[1] ?? '';
    for (const [, name = '', ref = ''] of fonts.matchAll(/\/(\w+)\s+(\d+)\s+\d+\s+R/g)) {
      const font = objects.get(ref)?.dictionary ?? '';
      const toUnicode = /\/ToUnicode\s+(\d+)\s+\d+\s+R/.exec(font)?.[1];
      const cmap = toUnicode ? objects.get(toUnicode)?.stream : undefined;
      if (cmap) maps.set(name, parseToUnicode(cmap));
    }
  }
  return maps;
}

/** A hex string drawn in a font: 2-byte glyph codes through its map, or standard-font bytes. */
function decodeHex(hex: string, glyphs: GlyphMap | undefined): string {
  const bytes = Buffer.from(hex.replace(/\s+/g, ''), 'hex');
  if (!glyphs) return bytes.toString('latin1');
  let text = '';
  for (let at = 0; at + 1 < bytes.length; at += 2) text += glyphs.get(bytes.readUInt16BE(at)) ?? '';
  return text;
}

function decodeLiteral(literal: string): string {
  return literal.replace(/\\([()\\])/g, '$1');
}

/** All the text a PDF shows, one line per text operator. */
export function pdfText(pdf: Buffer): string {
  return pdfTextRuns(pdf).join('\n');
}

/** The text shown by each TJ or Tj operator, one entry per operator, in drawing order. */
export function pdfTextRuns(pdf: Buffer): string[] {
  const objects = pdfObjects(pdf);
  const fonts = fontMaps(objects);
  const runs: string[] = [];
  const operator =
    /\/(\w+)\s+[\d.]+\s+Tf|\[((?:<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|[-\d.\s])*)\]\s*TJ|<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g;
  const piece = /<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\)])*)\)/g;
  for (const { dictionary, stream } of objects.values()) {
    // Page content: a stream that is neither a font file nor a map.
    if (!stream || /\/(Length1|Subtype|Type)\b/.test(dictionary) || stream.includes('begincmap')) {
      continue;
    }
    let glyphs: GlyphMap | undefined;
    for (const match of stream.matchAll(operator)) {
      const [, fontName, array, hex, literal] = match;
      if (fontName !== undefined) {
        glyphs = fonts.get(fontName);
      } else if (array !== undefined) {
        let run = '';
        for (const [, partHex, partLiteral] of array.matchAll(piece)) {
          run +=
            partHex !== undefined ? decodeHex(partHex, glyphs) : decodeLiteral(partLiteral ?? '');
        }
        runs.push(run);
      } else if (hex !== undefined) {
        runs.push(decodeHex(hex, glyphs));
      } else {
        runs.push(decodeLiteral(literal ?? ''));
      }
    }
  }
  return runs;
}

/**
 * How many glyphs the pages draw as the font's "missing glyph" box (.notdef, glyph code 0 of
 * an embedded font): text set in a face that lacks its letters, e.g. Arabic in Noto Sans.
 */
export function pdfMissingGlyphs(pdf: Buffer): number {
  const objects = pdfObjects(pdf);
  const fonts = fontMaps(objects);
  let missing = 0;
  for (const { dictionary, stream } of objects.values()) {
    if (!stream || /\/(Length1|Subtype|Type)\b/.test(dictionary) || stream.includes('begincmap')) {
      continue;
    }
    let embedded = false;
    for (const [, fontName, hex] of stream.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f\s]*)>/g)) {
      if (fontName !== undefined) embedded = fonts.has(fontName);
      else if (embedded && hex !== undefined) {
        const bytes = Buffer.from(hex.replace(/\s+/g, ''), 'hex');
        for (let at = 0; at + 1 < bytes.length; at += 2)
          if (bytes.readUInt16BE(at) === 0) missing++;
      }
    }
  }
  return missing;
}
