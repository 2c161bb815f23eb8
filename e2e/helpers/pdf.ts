/**
 * Just enough PDF reading to check what an invoice says: the document's title, and the text
 * its pages draw. PDFKit compresses page content (FlateDecode) and writes standard-font text
 * as hex strings in TJ/Tj operators, so the streams are inflated and those strings decoded.
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

/** Every content stream, inflated when compressed. */
function contentStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  const start = /stream\r?\n/g;
  for (let match = start.exec(text); match; match = start.exec(text)) {
    const from = match.index + match[0].length;
    const to = text.indexOf('endstream', from);
    if (to < 0) break;
    const raw = Buffer.from(text.slice(from, to).replace(/\r?\n$/, ''), 'latin1');
    try {
      streams.push(inflateSync(raw).toString('latin1'));
    } catch {
      streams.push(raw.toString('latin1'));
    }
    start.lastIndex = to;
  }
  return streams;
}

function decodeHex(hex: string): string {
  return Buffer.from(hex.replace(/\s+/g, ''), 'hex').toString('latin1');
}

function decodeLiteral(literal: string): string {
  return literal.replace(/\\([()\\])/g, '$1');
}

/** The text shown by each TJ or Tj operator, one entry per operator, in drawing order. */
export function pdfTextRuns(pdf: Buffer): string[] {
  const runs: string[] = [];
  const operator =
    /\[((?:<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|[-\d.\s])*)\]\s*TJ|<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g;
  const piece = /<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\)])*)\)/g;
  for (const stream of contentStreams(pdf)) {
    for (const match of stream.matchAll(operator)) {
      if (match[1] !== undefined) {
        let run = '';
        for (const part of match[1].matchAll(piece)) {
          run += part[1] !== undefined ? decodeHex(part[1]) : decodeLiteral(part[2] ?? '');
        }
        runs.push(run);
      } else if (match[2] !== undefined) {
        runs.push(decodeHex(match[2]));
      } else {
        runs.push(decodeLiteral(match[3] ?? ''));
      }
    }
  }
  return runs;
}
