// @ts-check
// What a game's renderer receives: each game folder's page.js (src/kakehiki/games/<pkg>/page.js,
// served at /games/<id>/page.js) default-exports `renderer(kit)`, and the page calls it with the
// kit below.  The kit is all a renderer uses of the page: DOM and card helpers, the game's own
// words (its text/messages_<lang>.json, keys `<id>.page.*`) with the page's as fallback, and the
// move-text helpers of the composer.  A game's renderer imports nothing at run time.
import * as Cards from "./cards.js";
import * as Dom from "./dom.js";
import { I18N } from "./i18n.js";

export const RANKS = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
/** @type {Record<string, string>} */
export const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

/**
 * How a renderer draws a card on the table: `ctx.card(code, {class, pick})` (`pick`: a card
 * that may be picked from the field, like Million Doubt's pool), a seat's name, and whether
 * the room plays official rules.
 * @typedef {Object} CardCtx
 * @property {(code: string | null, attrs?: {class?: string, pick?: boolean}) => HTMLElement} card
 * @property {(seat: number) => string} seatName
 * @property {boolean} official
 */

/**
 * A card picked for the move being made: where from (`hand` or `pool`), which one, and (Million
 * Doubt) how it is played, face `up` or `down`.
 * @typedef {{where: string, idx: number | string, code: string, how?: string}} Pick
 */

/**
 * A move the picked cards make, for its button.
 * @typedef {{text: string, label: string, primary?: boolean, guess?: boolean}} Proposal
 */

/**
 * An action text split: its verb, its cards, the rest (`suit=H`, `*2`, `stock`).
 * @typedef {{text: string, verb: string, cards: string[], extras: string[]}} Action
 */

/**
 * A game whose moves take several cards: how the page composes them (see compose.js).
 * @typedef {Object} Composer
 * @property {string[]} verbs the first words of the steps that make such a move
 * @property {(text: string) => string} key the same for two texts of one move written in another order
 * @property {(picked: Pick[], view: any, frame: any) => Proposal[]} proposals the moves the picked cards make
 * @property {boolean} [cycle] a second click on a hand card picks it face down
 * @property {(frame: any) => boolean} [fromPool] whether the cards are picked from the field's pool now
 */

/**
 * A column of the results table: its title and each seat's value.
 * @typedef {[string, (seat: number) => string]} Column
 */

/**
 * What a game's page.js gives the page.  `view` is the game's view as the server sent it
 * (typed in the game's view.d.ts, generated: python -m kakehiki.server.pagetypes --write).
 * @typedef {Object} Renderer
 * @property {(view: any, ctx: CardCtx) => HTMLElement} centre the field in the middle of the table
 * @property {(view: any, seat: number, ctx: CardCtx) => Array<HTMLElement | null>} seat a seat's public facts
 * @property {(view: any) => string[]} [making] the cards of a move being made, raised in the hand
 * @property {Composer} [compose] the game's moves of several cards
 * @property {string[]} [calls] the verbs that are calls made out of turn (a big button and the D key)
 * @property {(action: Action, view: any) => string | null} [actionLabel] a move's words where the game has its own
 * @property {string} [totalKey] the key of the words for `hand_total` (default `table.total`)
 * @property {(view: any, result: any) => Column[] | null} [standings] the results table's columns
 */

/**
 * @typedef {Object} Kit
 * @property {typeof Dom.h} h build an element
 * @property {(key: string, fields?: Record<string, unknown>) => string} t the game's words, else the page's
 * @property {(key: string) => boolean} has whether there are words for key
 * @property {() => string} lang the page's language
 * @property {(text: string, extra?: Record<string, unknown>) => HTMLElement} chip a small label
 * @property {(cards: string[], ctx: CardCtx, max?: number, cls?: string) => HTMLElement} cardRow a row of small cards
 * @property {(count: number, ctx: CardCtx, extra?: Record<string, unknown>) => HTMLElement} stock the stock and its count
 * @property {(view: {games: number, round_no: number}) => HTMLElement | null} roundChip "game n of m" in a match
 * @property {(code: string | null) => string} label a card in words
 * @property {typeof Cards.isCard} isCard
 * @property {typeof Cards.parse} parse
 * @property {(text: string) => string[]} words a move's words
 * @property {(text: string) => string[]} cardsIn a move's cards
 * @property {(cards: string[]) => string[]} sorted
 * @property {string[]} RANKS rank numbers to their letters (1 → A)
 * @property {Record<string, string>} SUITS suit letters to their signs
 */

export const words = (/** @type {string} */ text) => text.split(" ").filter(Boolean);
export const cardsIn = (/** @type {string} */ text) => words(text).filter(Cards.isCard);
export const sorted = (/** @type {string[]} */ cards) => cards.slice().sort();

/**
 * The kit for the game `game` (its words are looked up first).
 * @param {string} game
 * @returns {Kit}
 */
export function kit(game) {
  /** @type {Kit["t"]} */
  const t = (key, fields) => I18N.tIn(game, key, fields);
  /** @type {Kit["chip"]} */
  const chip = (text, extra) => Dom.h("span", Object.assign({ class: "chip" }, extra || {}), text);
  return {
    h: Dom.h, t, has: (key) => I18N.hasIn(game, key), lang: () => I18N.lang, chip,
    cardRow(cards, ctx, max, cls) {
      const shown = cards.slice(-(max || 99));
      return Dom.h("span", { class: "card-row " + (cls || "") },
        cards.length > shown.length ? chip("+" + (cards.length - shown.length)) : null,
        shown.map((c) => ctx.card(c)));
    },
    stock(count, ctx, extra) {
      return Dom.h("div", { class: "pile stock" }, ctx.card(null, extra), Dom.h("span", { class: "count" }, t("table.stock", { n: count })));
    },
    roundChip: (view) => (view.games > 1 ? chip(t("info.round", { n: view.round_no + 1, of: view.games })) : null),
    label: (code) => Cards.label(code, I18N.lang),
    isCard: Cards.isCard, parse: Cards.parse, words, cardsIn, sorted, RANKS, SUITS,
  };
}
