// @ts-check
// Making a whole move on the page: the person picks cards (nothing is sent), and the page
// writes the move's one-line text in the game's grammar (games/<package>/spec.md, "Whole moves") for
// the button that sends it.  Where the state frame lists every whole move (`moves`, with
// `moves_more` false) the page offers only those and hints which cards may go with the ones
// picked; where the list is cut short it sends what was picked and lets the server rule.
import * as Cards from "./cards.js";
import { I18N } from "./i18n.js";

/** @type {typeof I18N.t} */
const t = (key, fields) => I18N.t(key, fields);
const isCard = (/** @type {unknown} */ x) => Cards.isCard(x);
const label = (/** @type {string} */ code) => Cards.label(code, I18N.lang);
/** @type {Record<string, string>} */
const SUIT_SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };

const words = (/** @type {string} */ text) => text.split(" ").filter(Boolean);
const cardsIn = (/** @type {string} */ text) => words(text).filter(isCard);

/** Whether `part` (a list of cards) fits inside `whole` counting copies (several decks).
 * @param {string[]} part @param {string[]} whole */
function within(part, whole) {
  /** @type {Map<string, number>} */
  const left = new Map();
  for (const c of whole) left.set(c, (left.get(c) || 0) + 1);
  for (const c of part) {
    const n = left.get(c) || 0;
    if (!n) return false;
    left.set(c, n - 1);
  }
  return true;
}

/** The words of a move for a person, in the page's language: `play S5 down C4` → "Play ♠5 · face down ♣4". */
/** @param {string | null | undefined} text */
function moveWords(text) {
  if (!text) return "";
  const out = [];
  for (const word of words(text)) {
    if (isCard(word)) out.push(label(word));
    else if (word.startsWith("suit=")) out.push(t("act.suit", { suit: SUIT_SIGNS[word.slice(5)] || word.slice(5) }));
    else if (word.startsWith("top=")) out.push(t("act.top_card", { card: label(word.slice(4)) }));
    else if (word.startsWith("*")) out.push(t("move.down_n", { n: word.slice(1) }));
    else if (I18N.has("word." + word)) out.push(t("word." + word));
    else if (I18N.has("act." + word)) out.push(t("act." + word));
    else out.push(word);
  }
  return out.join(" ");
}

/**
 * What the page offers for a state, for a game's `renderer` (games.js): `game` its composer (null: the game's moves are single
 * actions, sent by clicking), `complete` whether `moves` lists every whole move, `singles` the
 * moves without cards (pass, draw, doubt, show…), `composed(text)` whether a text is a whole
 * move of the list (true when the list is cut short: the server rules).
 * @param {import("./kit.js").Renderer} renderer
 * @param {import("./protocol").StateFrame} frame
 */
function offer(renderer, frame) {
  const game = renderer.compose || null;
  // Every whole move, when the frame lists them all (null: the list is cut short or absent).
  const all = Array.isArray(frame.moves) && !frame.moves_more ? frame.moves : null;
  const complete = all !== null;
  const source = all !== null ? all : frame.legal;
  const singles = (source || []).filter((m) => !words(m).some((w) => isCard(w) || w.startsWith("*")));
  const keys = new Set(game && all !== null ? all.filter((m) => cardsIn(m).length).map(game.key) : []);
  const carded = game && all !== null ? all.filter((m) => cardsIn(m).length) : [];
  const composing = game !== null && (frame.legal || []).some((a) => game.verbs.includes(words(a)[0]));
  return {
    game, complete, singles, composing,
    composed: (/** @type {string} */ text) => !complete || (game !== null && keys.has(game.key(text))),
    /** Cards that may be picked at all (null: any card of the hand; the server rules). */
    pickable() {
      if (!composing) return new Set();
      return complete ? new Set(carded.flatMap(cardsIn)) : null;
    },
    /** Cards that would still make a listed move with the ones picked (the page's hint). */
    /** @param {import("./kit.js").Pick[]} picked */
    hints(picked) {
      if (!game || !complete) return null;
      const cards = picked.map((p) => p.code);
      /** @type {Set<string>} */
      const out = new Set();
      for (const m of carded) {
        const inMove = cardsIn(m);
        if (!within(cards, inMove)) continue;
        const left = inMove.slice();
        for (const c of cards) left.splice(left.indexOf(c), 1);
        left.forEach((c) => out.add(c));
      }
      return out;
    },
  };
}

export { offer, moveWords, cardsIn };
