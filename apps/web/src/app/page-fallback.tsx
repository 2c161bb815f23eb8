// What the page area shows for the moment a page's code is still on its way.
export function PageFallback() {
  return (
    <div className="min-h-[60vh]" aria-busy="true">
      <span className="sr-only">Loading…</span>
    </div>
  );
}
