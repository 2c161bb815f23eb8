/**
 * How many typing slips apart two words are: letters inserted, deleted, replaced, or two
 * neighbours swapped ("Frnace" is one slip from "france"), the Damerau-Levenshtein distance
 * in its optimal-string-alignment form. The search only cares whether a name is within a
 * slip or two, so it stops as soon as the distance must exceed `limit` and answers
 * `limit + 1`: most of the world's names are rejected by their length or first row.
 */
export function editDistance(typed: string, name: string, limit: number): number {
  if (Math.abs(typed.length - name.length) > limit) return limit + 1;
  let twoRowsUp: number[] = [];
  let rowAbove = Array.from({ length: name.length + 1 }, (_, column) => column);
  for (let line = 1; line <= typed.length; line++) {
    const row = [line];
    let rowBest = line;
    for (let column = 1; column <= name.length; column++) {
      const replaced = (rowAbove[column - 1] ?? 0) + (typed[line - 1] === name[column - 1] ? 0 : 1);
      let cost = Math.min((rowAbove[column] ?? 0) + 1, (row[column - 1] ?? 0) + 1, replaced);
      if (swapped(typed, name, line, column))
        cost = Math.min(cost, (twoRowsUp[column - 2] ?? 0) + 1);
      row[column] = cost;
      rowBest = Math.min(rowBest, cost);
    }
    if (rowBest > limit) return limit + 1;
    twoRowsUp = rowAbove;
    rowAbove = row;
  }
  return Math.min(rowAbove[name.length] ?? limit + 1, limit + 1);
}

/** Whether the typed letters just before `line` and `column` are the name's two, swapped. */
function swapped(typed: string, name: string, line: number, column: number): boolean {
  return (
    line > 1 &&
    column > 1 &&
    typed[line - 1] === name[column - 2] &&
    typed[line - 2] === name[column - 1]
  );
}
