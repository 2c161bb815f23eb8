// A load that failed, said plainly, with a way to try again; and the profile's quiet button.

export const secondaryButtonClass =
  'rounded-full border border-slate-300 px-5 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50';

export function RetryAlert(props: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 p-4 text-center">
      <p className="text-sm font-medium text-red-900">{props.message}</p>
      <button
        type="button"
        onClick={props.onRetry}
        className="rounded-full bg-red-800 px-4 py-1.5 text-sm font-semibold text-white hover:bg-red-900"
      >
        Try again
      </button>
    </div>
  );
}
