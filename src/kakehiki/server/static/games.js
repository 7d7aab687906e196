// @ts-check
// Each game's renderer (what it shows besides the hands, how its moves are composed), loaded on
// demand from its folder: /games/<id>/page.js, as /api/games names it.  A game without one gets
// the plain renderer.  Nothing here knows any game.
import { I18N } from "./i18n.js";
import * as Dom from "./dom.js";
import { kit } from "./kit.js";

/** @typedef {import("./kit.js").Renderer} Renderer */

/** @type {Renderer} */
const PLAIN = { centre: () => Dom.h("div", { class: "field" }), seat: () => [] };
/** @type {Map<string, Renderer>} */
const loaded = new Map();
/** @type {Map<string, Promise<Renderer>>} */
const loading = new Map();

/**
 * The renderer of a game loaded before (the plain one until then).
 * @param {string} id
 * @returns {Renderer}
 */
export function of(id) {
  return loaded.get(id) || PLAIN;
}

/** Whether the game's renderer is ready (a game without page.js is, at once). @param {string} id */
export function ready(id) {
  return loaded.has(id);
}

/**
 * Load a game's renderer and words from its catalog entry (`page`: the module's path or null;
 * `page_text`: language → key → words); the same promise for every caller.
 * @param {{id: string, page?: string | null, page_text?: Record<string, Record<string, string>>}} entry
 * @returns {Promise<Renderer>}
 */
export function load(entry) {
  const known = loading.get(entry.id);
  if (known) return known;
  const promise = (async () => {
    I18N.addGame(entry.id, entry.page_text || {});
    let renderer = PLAIN;
    if (entry.page) {
      const module = await import(entry.page);
      renderer = Object.assign({}, PLAIN, module.default(kit(entry.id)));
    }
    loaded.set(entry.id, renderer);
    return renderer;
  })();
  loading.set(entry.id, promise);
  promise.catch(() => loading.delete(entry.id));
  return promise;
}
