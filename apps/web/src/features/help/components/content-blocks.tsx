// Renders the help content's plain-text blocks: a paragraph as <p>, a list as <ul>.
import type { ContentBlock } from '../content/content-block';

function blockKey(block: ContentBlock): string {
  return block.kind === 'paragraph' ? block.text : block.items.join('\n');
}

export function ContentBlocks({ blocks }: { blocks: readonly ContentBlock[] }) {
  return (
    <div className="space-y-3 leading-7 text-slate-700">
      {blocks.map((block) => {
        switch (block.kind) {
          case 'paragraph':
            return <p key={blockKey(block)}>{block.text}</p>;
          case 'list':
            return (
              <ul
                key={blockKey(block)}
                className="list-disc space-y-1.5 ps-6 marker:text-brand-700"
              >
                {block.items.map((item) => (
                  <li key={item} className="ps-1">
                    {item}
                  </li>
                ))}
              </ul>
            );
          default:
            return block satisfies never;
        }
      })}
    </div>
  );
}
