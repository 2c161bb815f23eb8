/**
 * A titled list of rows as a table in its scroller, or a line saying there is none: the shape
 * the customer's page and the catalogue repeat for each of their lists.
 */
import { type ReactNode, useId } from 'react';
import { cellClass, headCellClass, tableClass } from './ops-styles';
import { TableScroller } from './table-scroller';

export interface DataRow {
  key: string;
  cells: ReactNode[];
}

export function DataTable(props: {
  title: string;
  columns: string[];
  rows: DataRow[];
  empty: string;
  /** A section's own list is its h2; a list inside a page is an h3. */
  level?: 2 | 3;
}) {
  const id = useId();
  const Heading = props.level === 2 ? 'h2' : 'h3';
  return (
    <div className="space-y-2">
      <Heading
        id={id}
        className={props.level === 2 ? 'text-xl font-semibold' : 'text-lg font-semibold'}
      >
        {props.title}
      </Heading>
      {props.rows.length === 0 ? (
        <p className="text-sm text-slate-700">{props.empty}</p>
      ) : (
        <TableScroller label={props.title}>
          <table className={tableClass}>
            <thead>
              <tr>
                {props.columns.map((column) => (
                  <th key={column} scope="col" className={headCellClass}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, index) => (
                    <td key={index} className={cellClass}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </div>
  );
}

/** An id, e-mail or ICCID: read left to right whatever the page's direction. */
export function Ltr({ children, mono = false }: { children: string; mono?: boolean }) {
  return (
    <span dir="ltr" className={mono ? 'font-mono' : undefined}>
      {children}
    </span>
  );
}
