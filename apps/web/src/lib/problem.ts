// What went wrong with the last step of a form: a title and the lines that explain it.
export interface Problem {
  title: string;
  details: readonly string[];
}
