// What the page puts on `window` (written by hand: the only global; the modules import each other).
export {};
declare global {
  interface Window {
    /** The page's state (app.js), for the browser tests and a curious person's console. */
    KKApp: unknown;
  }
}
