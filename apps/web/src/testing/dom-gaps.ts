/**
 * What jsdom leaves out and the shop calls: it lays nothing out and runs no animations, so
 * these stand in with the plainest behaviour a browser has. The tests run as a visitor who
 * prefers reduced motion (no animation is started), scrolling does nothing, no size ever
 * changes (ResizeObserver reports nothing), and a modal <dialog> opens and closes by its
 * `open` attribute (jsdom has no showModal).
 */
export function fillDomGaps(): void {
  Element.prototype.scrollIntoView = () => {};
  window.matchMedia = (query: string) =>
    ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
