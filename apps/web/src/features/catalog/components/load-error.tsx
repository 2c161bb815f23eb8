// A failed catalogue load: says so plainly and offers to try again (the spec only clears
// the spinner; a visitor left with an empty page would not know what happened).
export function LoadError(props: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-xl border border-red-200 bg-red-50 px-6 py-8 text-center"
    >
      <p className="font-medium text-red-900">
        {props.message} Check your connection and try again.
      </p>
      <button
        type="button"
        onClick={props.onRetry}
        disabled={props.retrying}
        className="rounded-full bg-red-800 px-5 py-2 text-sm font-semibold text-white hover:bg-red-900 disabled:opacity-70"
      >
        {props.retrying ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}
