// kepler.gl under the console's Content-Security-Policy (`style-src 'self'`, `script-src 'self'`, set by the API):
// - kepler styles itself with styled-components, which writes its rules into <style> elements; the CSP blocks inline
//   <style> elements in the document (a console error, and no stylesheet). Rules added through the CSSOM to a
//   constructed stylesheet are not inline styles, so styled-components gets a target outside the document whose
//   <style> elements each carry a constructed stylesheet adopted by the document.
// - some of kepler's dependencies (a mesh decoder) compile WebAssembly when they load, which `script-src 'self'`
//   refuses; the maps need none of them, so that one refusal is not reported as an unhandled error.
// Both would go away if the API's CSP allowed them (`'wasm-unsafe-eval'`, inline styles), which it does not, on purpose.

/** An element never attached to the document, where styled-components puts its <style> elements. */
export function cspSafeStyleTarget(): HTMLElement {
  const host = document.createElement('div');
  const insertBefore = host.insertBefore.bind(host);
  host.insertBefore = <T extends Node>(node: T, child: Node | null): T => {
    if (node instanceof HTMLStyleElement) {
      const sheet = new CSSStyleSheet();
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      Object.defineProperty(node, 'sheet', { value: sheet });
    }
    return insertBefore(node, child);
  };
  return host;
}

const isBlockedWasm = (reason: unknown) =>
  reason instanceof Error && /WebAssembly/.test(reason.message) && /Content Security Policy/.test(reason.message);

let installed = false;
/** Call before kepler's chunk loads. */
export function tolerateBlockedWasm() {
  if (installed) return;
  installed = true;
  window.addEventListener('unhandledrejection', (event) => {
    if (isBlockedWasm(event.reason)) event.preventDefault();
  });
}
