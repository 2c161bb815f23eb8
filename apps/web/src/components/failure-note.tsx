/**
 * What went wrong with an action in a card or a dialog (a payment refused, a removal the
 * service did not confirm), announced as it appears. The action's button names it with
 * aria-describedby={id}, so the reason is read again on the way back to the button.
 */
export function FailureNote({
  id,
  message,
  compact = false,
}: {
  id: string;
  message: string | undefined;
  /** Inside a card's section rather than a dialog: less space around it. */
  compact?: boolean;
}) {
  if (!message) return null;
  const spacing = compact ? 'mt-3 px-3 py-2' : 'mt-4 px-4 py-3';
  return (
    <p
      id={id}
      role="alert"
      className={`${spacing} rounded-lg border border-red-200 bg-red-50 text-sm text-red-900`}
    >
      {message}
    </p>
  );
}
