// @ts-check
// The catalog of games (GET /api/games: each game's options, rule sets, words and page), fetched
// once per page and shared by the lobby, the learn screen and the room's facts.
import * as Net from "./net.js";

/** @type {import("./catalog").Catalog | null} */
let cached = null;
/** @type {Promise<import("./catalog").Catalog> | null} */
let asked = null;

/** The catalog, fetched the first time it is wanted (a failed fetch is asked again next time). */
export function load() {
  if (cached) return Promise.resolve(cached);
  if (!asked) {
    asked = /** @type {Promise<import("./catalog").Catalog>} */ (Net.api("GET", "/api/games")).then(
      (c) => { cached = c; return c; },
      (err) => { asked = null; throw err; });
  }
  return asked;
}

/** The catalog if it is here already, else null (and it is asked for, for the next render). */
export function known() {
  if (!cached) load().catch(() => {});
  return cached;
}
