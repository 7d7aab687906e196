// Making a whole move on the page: the person picks cards (nothing is sent), and the page
// writes the move's one-line text in the game's grammar (docs/<game>.md, "Whole moves") for
// the button that sends it.  Where the state frame lists every whole move (`moves`, with
// `moves_more` false) the page offers only those and hints which cards may go with the ones
// picked; where the list is cut short it sends what was picked and lets the server rule.
"use strict";
(function () {
  const t = (key, fields) => window.KKI18N.t(key, fields);
  const isCard = (x) => window.KKCards.isCard(x);
  const label = (code) => window.KKCards.label(code, window.KKI18N.lang);
  const SUIT_SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };

  const sorted = (cards) => cards.slice().sort();
  const words = (text) => text.split(" ").filter(Boolean);
  const cardsIn = (text) => words(text).filter(isCard);

  /** Whether `part` (a list of cards) fits inside `whole` counting copies (several decks). */
  function within(part, whole) {
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
  function moveWords(text) {
    if (!text) return "";
    const out = [];
    for (const word of words(text)) {
      if (isCard(word)) out.push(label(word));
      else if (word.startsWith("suit=")) out.push(t("act.suit", { suit: SUIT_SIGNS[word.slice(5)] || word.slice(5) }));
      else if (word.startsWith("top=")) out.push(t("act.top_card", { card: label(word.slice(4)) }));
      else if (word.startsWith("*")) out.push(t("move.down_n", { n: word.slice(1) }));
      else if (window.KKI18N.has("word." + word)) out.push(t("word." + word));
      else if (window.KKI18N.has("act." + word)) out.push(t("act." + word));
      else out.push(word);
    }
    return out.join(" ");
  }

  // -- the games ------------------------------------------------------------------------------
  // Each game: `key(text)` (the same for two texts of one move written in another order),
  // `proposals(picked, view)` (the moves the picked cards make, each {text, label}),
  // `cycle` (a second click lays a Million Doubt card face down), `fromPool` (cards picked
  // from the field's pool instead of the hand).

  const DOUBT = {
    verbs: ["play", "add"],
    key: (text) => "play " + sorted(cardsIn(text)).join(" "),
    proposals(picked) {
      const cards = picked.map((p) => p.code);
      if (!cards.length) return [];
      return [{ text: "play " + cards.join(" "), label: t(cards.length === 1 ? "move.play_one" : "move.play_n", { n: cards.length }), primary: true }];
    },
  };

  function mdPlay(ups, downs, revolution) {
    return ["play"].concat(ups, downs.length ? ["down"].concat(downs) : [], revolution ? ["revolution"] : []).join(" ");
  }

  const MILLION = {
    verbs: ["play", "show", "hide", "give"],
    cycle: true,
    key(text) {
      const w = words(text);
      if (w[0] === "give") return "give " + sorted(w.filter(isCard)).join(" ") + (w.includes("done") ? " done" : "");
      const split = w.indexOf("down");
      const ups = (split < 0 ? w : w.slice(0, split)).filter(isCard);
      const downs = split < 0 ? [] : w.slice(split).filter(isCard);
      return ["play", sorted(ups).join(","), sorted(downs).join(","), w.includes("revolution") ? "R" : ""].join("|");
    },
    fromPool: (frame) => (frame.legal || []).some((a) => a.startsWith("give ")),
    proposals(picked, view, frame) {
      const cards = picked.map((p) => p.code);
      if (!cards.length) return [];
      if (MILLION.fromPool(frame)) {
        const pool = (view && view.pool) || [];
        const all = cards.length === pool.length;
        const out = [];
        if (all) out.push({ text: "give " + cards.join(" "), label: t("move.give_all", { n: cards.length }), primary: true });
        else out.push({ text: "give " + cards.join(" ") + " done", label: t("move.give_done", { n: cards.length }), primary: true });
        return out;
      }
      const ups = picked.filter((p) => p.how !== "down").map((p) => p.code);
      const downs = picked.filter((p) => p.how === "down").map((p) => p.code);
      const base = !downs.length ? t("move.play_up", { n: ups.length })
        : !ups.length ? t("move.play_down", { n: downs.length }) : t("move.play_up_down", { up: ups.length, down: downs.length });
      const out = [{ text: mdPlay(ups, downs, false), label: base, primary: true }];
      if (downs.length) out.push({ text: mdPlay(ups, downs, true), label: base + " · " + t("act.revolution"), guess: ups.length + downs.length === 4 });
      return out;
    },
  };

  const DHUMBAL = {
    verbs: ["discard"],
    key(text) {
      const w = words(text);
      const split = w.indexOf("take");
      const discards = (split < 0 ? w : w.slice(0, split)).filter(isCard);
      return "discard " + sorted(discards).join(" ") + (split < 0 ? "" : " take " + w[split + 1]);
    },
    proposals(picked, view) {
      const cards = picked.map((p) => p.code);
      if (!cards.length) return [];
      const head = "discard " + cards.join(" ");
      const out = [{ text: head + " take stock", label: t("move.discard_stock", { n: cards.length }), primary: true }];
      for (const c of (view && view.available) || []) out.push({ text: head + " take " + c, label: t("move.discard_take", { n: cards.length, card: label(c) }) });
      return out;
    },
  };

  const ARITH = {
    verbs: ["play", "bottom", "stack", "top"],
    key(text) {
      const w = words(text);
      const cards = w.filter(isCard);
      const suit = w.find((x) => x.startsWith("suit=")) || "";
      if (cards.length < 2) return w.join(" ");
      return ["play", cards[0], sorted(cards.slice(1, -1)).join(","), cards[cards.length - 1], suit].join("|");
    },
    proposals(picked) {
      const cards = picked.map((p) => p.code);
      if (!cards.length) return [];
      const top = cards[cards.length - 1];
      const base = cards.length === 1 ? t("move.play_card", { card: label(top) }) : t("move.play_stack", { n: cards.length, card: label(top) });
      if (window.KKCards.parse(top).rank === "8") {
        return ["S", "H", "D", "C"].map((s, i) => ({ text: "play " + cards.join(" ") + " suit=" + s, label: base + " · " + t("act.suit", { suit: SUIT_SIGNS[s] }), primary: i === 0 }));
      }
      return [{ text: "play " + cards.join(" "), label: base, primary: true }];
    },
  };

  const GAMES = { doubt: DOUBT, "million-doubt": MILLION, dhumbal: DHUMBAL, "dobon-arith": ARITH };

  /**
   * What the page offers for a state: `game` the composer (null: the game's moves are single
   * actions, sent by clicking), `complete` whether `moves` lists every whole move, `singles` the
   * moves without cards (pass, draw, doubt, show…), `composed(text)` whether a text is a whole
   * move of the list (true when the list is cut short: the server rules).
   */
  function offer(gameId, frame) {
    const game = GAMES[gameId] || null;
    const complete = Array.isArray(frame.moves) && !frame.moves_more;
    const source = complete ? frame.moves : frame.legal;
    const singles = (source || []).filter((m) => !words(m).some((w) => isCard(w) || w.startsWith("*")));
    const keys = new Set(game && complete ? frame.moves.filter((m) => cardsIn(m).length).map(game.key) : []);
    const carded = game && complete ? frame.moves.filter((m) => cardsIn(m).length) : [];
    const composing = !!game && (frame.legal || []).some((a) => game.verbs.includes(words(a)[0]));
    return {
      game, complete, singles, composing,
      composed: (text) => !complete || keys.has(game.key(text)),
      /** Cards that may be picked at all (null: any card of the hand; the server rules). */
      pickable() {
        if (!composing) return new Set();
        return complete ? new Set(carded.flatMap(cardsIn)) : null;
      },
      /** Cards that would still make a listed move with the ones picked (the page's hint). */
      hints(picked) {
        if (!game || !complete) return null;
        const cards = picked.map((p) => p.code);
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

  window.KKCompose = { offer, moveWords, cardsIn, GAMES };
})();
