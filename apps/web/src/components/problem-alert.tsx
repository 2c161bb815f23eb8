// What went wrong with the last step of a form, announced as it appears.
export interface Problem {
  title: string;
  details: readonly string[];
}

export function ProblemAlert({ problem }: { problem: Problem }) {
  return (
    <div
      role="alert"
      className="mt-6 rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-red-900"
    >
      <p className="font-semibold">{problem.title}</p>
      {problem.details.map((detail) => (
        <p key={detail} className="mt-1 text-sm">
          {detail}
        </p>
      ))}
    </div>
  );
}
