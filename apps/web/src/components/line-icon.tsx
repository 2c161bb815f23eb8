/**
 * A line drawing in the colour of the text around it, hidden from screen readers (the words
 * beside it say what it means): the shop's small icons, drawn with one round stroke.
 */
import type { ReactNode } from 'react';

interface LineIconProps {
  /** The stroke, in a square of `box` units. */
  path: string;
  box: number;
  /** Drawn width and height, in pixels. */
  size: number;
  className: string;
  /** Drawn under the stroke, such as a tinted disc. */
  backdrop?: ReactNode;
}

export function LineIcon({ path, box, size, className, backdrop }: LineIconProps) {
  return (
    <svg
      aria-hidden="true"
      viewBox={`0 0 ${box} ${box}`}
      width={size}
      height={size}
      className={className}
    >
      {backdrop}
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
