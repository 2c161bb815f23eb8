/**
 * A small bar chart for the console's 24 hours (or a period's days), drawn in SVG with no
 * library. The picture is one image named by its title and its highest value; the figures
 * themselves are in a table under it (a disclosure), so a screen reader and a keyboard get
 * every number. A missing value (null: nothing to measure that hour) is a gap, not a zero.
 */
import { useId } from 'react';
import { useOpsT } from '../hooks/use-ops-t';
import { cellClass, headCellClass, tableClass } from './ops-styles';
import { TableScroller } from './table-scroller';

export interface ChartPoint {
  label: string;
  value: number | null;
}

const WIDTH = 480;
const HEIGHT = 120;

export function BarChart(props: {
  title: string;
  points: ChartPoint[];
  format: (value: number) => string;
  tone?: 'brand' | 'warn';
}) {
  const t = useOpsT();
  const id = useId();
  const values = props.points.map((point) => point.value ?? 0);
  const highest = Math.max(0, ...values);
  const slot = WIDTH / Math.max(1, props.points.length);
  const fill = props.tone === 'warn' ? '#b45309' : '#115e59';
  return (
    <figure className="space-y-1 rounded-lg border border-slate-200 bg-white p-3">
      <figcaption id={id} className="text-sm font-semibold">
        {props.title}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-28 w-full"
        role="img"
        aria-labelledby={id}
        aria-describedby={`${id}-peak`}
        preserveAspectRatio="none"
      >
        <title>{props.title}</title>
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} stroke="#94a3b8" />
        {props.points.map((point, index) =>
          point.value === null || highest === 0 ? null : (
            <rect
              key={point.label}
              x={index * slot + slot * 0.15}
              width={slot * 0.7}
              y={HEIGHT - (point.value / highest) * (HEIGHT - 4)}
              height={(point.value / highest) * (HEIGHT - 4)}
              fill={fill}
            />
          ),
        )}
      </svg>
      <p id={`${id}-peak`} className="text-xs text-slate-700">
        {t('chart.peak', { value: props.format(highest) })}
      </p>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-800">
          {t('chart.figures')}
        </summary>
        <TableScroller label={props.title}>
          <table className={tableClass}>
            <tbody>
              {props.points.map((point) => (
                <tr key={point.label}>
                  <th scope="row" className={headCellClass}>
                    {point.label}
                  </th>
                  <td className={cellClass}>
                    {point.value === null ? '—' : props.format(point.value)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      </details>
    </figure>
  );
}
