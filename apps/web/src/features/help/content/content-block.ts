// Plain-text building blocks shared by the FAQ answers and the legal pages: paragraphs and bullet lists, never HTML.

export type ContentBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

export function paragraph(text: string): ContentBlock {
  return { kind: 'paragraph', text };
}

export function list(...items: string[]): ContentBlock {
  return { kind: 'list', items };
}
