// What each game shows besides the hands: the field in the middle of the table, each seat's
// public facts, and the cards of a move being made.  Everything here reads the seat's `view`
// as the server sent it (docs/<game>.md describes each view); nothing is computed from rules.
"use strict";
(function () {
  const { h } = window.KKDom;
  const t = (key, fields) => window.KKI18N.t(key, fields);
  const RANKS = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

  const chip = (text, extra) => h("span", Object.assign({ class: "chip" }, extra || {}), text);
  const label = (code) => window.KKCards.label(code, window.KKI18N.lang);

  /** A short row of small cards; past `max` the rest is counted. */
  function cardRow(cards, ctx, max, cls) {
    const shown = cards.slice(-(max || 99));
    return h("span", { class: "card-row " + (cls || "") },
      cards.length > shown.length ? chip("+" + (cards.length - shown.length)) : null,
      shown.map((c) => ctx.card(c)));
  }

  function stock(count, ctx, extra) {
    return h("div", { class: "pile stock" }, ctx.card(null, extra), h("span", { class: "count" }, t("table.stock", { n: count })));
  }

  function roundChip(view) {
    return view.games > 1 ? chip(t("info.round", { n: view.round_no + 1, of: view.games })) : null;
  }

  const DOBON = {
    centre(view, ctx) {
      return h("div", { class: "field" },
        stock(view.stock_size, ctx),
        h("div", { class: "pile top" }, view.top ? ctx.card(view.top, { class: "card big" }) : null,
          h("span", { class: "count" }, t("table.field", { n: view.field_size }))),
        h("div", { class: "facts" },
          view.pending ? chip(t("info.pending", { n: view.pending }), { class: "chip warn" }) : null,
          roundChip(view)));
    },
    seat(view, seat, ctx) {
      return [
        seat === view.dealer ? chip(t("table.dealer")) : null,
        view.deal_counts && ctx.official ? chip(t("info.deal", { n: view.deal_counts[seat] })) : null,
        view.laps && view.laps[seat] ? chip(t("info.laps", { n: view.laps[seat] })) : null,
      ];
    },
  };

  const ARITH = {
    centre(view, ctx) {
      return h("div", { class: "field" },
        stock(view.stock_size, ctx),
        h("div", { class: "pile top" }, view.top ? ctx.card(view.top, { class: "card big" }) : null,
          h("span", { class: "count" }, t("info.suit") + " " + (SUITS[view.suit] || view.suit || ""))),
        h("div", { class: "facts" },
          chip(t("info.direction") + " " + (view.direction > 0 ? "↻" : "↺")),
          view.pending ? chip(t("info.pending", { n: view.pending }), { class: "chip warn" }) : null,
          roundChip(view)));
    },
    seat(view, seat, ctx) {
      const shown = view.revealed[seat] || [];
      return [
        view.games > 1 ? chip(t("info.wins", { w: view.wins[seat], l: view.losses[seat] })) : null,
        shown.length ? h("span", { class: "revealed", title: t("info.revealed") }, cardRow(shown, ctx, 8, "small")) : null,
      ];
    },
    making(view) {
      return view.staged || [];
    },
  };

  const DOUBT = {
    centre(view, ctx) {
      const plays = view.pile.slice(-6).map((play) => h("div", { class: "play" },
        h("span", { class: "card-row small" }, (play.cards || Array(play.size).fill(null)).map((c) => ctx.card(c))),
        h("span", { class: "claim" }, ctx.seatName(play.seat) + ": " + RANKS[play.rank] + " ×" + play.size)));
      return h("div", { class: "field" },
        h("div", { class: "pile doubt-pile" }, plays.length ? plays : ctx.card(null, { class: "card ghost" }),
          h("span", { class: "count" }, t("table.pile", { n: view.pile_size }))),
        h("div", { class: "facts" },
          view.phase !== "over" ? chip(t("info.rank", { rank: RANKS[view.rank] || view.rank }), { class: "chip strong" }) : null,
          view.discard && view.discard.length ? chip(t("info.discard", { n: view.discard.length })) : null));
    },
    seat(view, seat, ctx) {
      const known = view.known[seat] || [];
      return [known.length ? h("span", { class: "known", title: t("info.known") }, cardRow(known, ctx, 6, "small")) : null];
    },
    making(view) {
      return view.picked || [];
    },
  };

  const MILLION = {
    centre(view, ctx) {
      const plays = view.field.slice(-3).map((play) => h("div", { class: "play" },
        h("span", { class: "card-row" }, play.up.map((c) => ctx.card(c)), play.down.map((c) => ctx.card(c))),
        h("span", { class: "claim" }, ctx.seatName(play.seat) + (play.revolution ? " · " + t("info.revolution") : ""))));
      const pool = view.pool && view.pool.length
        ? h("div", { class: "pool" }, h("span", { class: "count" }, t("act.give")), h("span", { class: "card-row" }, view.pool.map((c) => ctx.card(c, { pick: true })))) : null;
      return h("div", { class: "field" },
        h("div", { class: "pile md-field" }, plays.length ? plays : ctx.card(null, { class: "card ghost" })),
        pool,
        h("div", { class: "facts" },
          view.revolution ? chip(t("info.revolution"), { class: "chip warn" }) : null,
          view.eleven_back ? chip(t("info.eleven_back"), { class: "chip warn" }) : null,
          view.lock ? chip(t("info.lock") + " " + view.lock.split("").map((s) => SUITS[s] || s).join("")) : null,
          view.claim ? chip(t("info.claim") + " " + view.claim[0].map(label).join(" ") + " +" + view.claim[1] + "🂠") : null,
          roundChip(view)));
    },
    seat(view, seat, ctx) {
      const known = view.known[seat] || [];
      return [
        view.status[seat] !== "playing" ? chip(t("info.status." + view.status[seat]), { class: "chip strong" }) : null,
        view.games > 1 || view.scores[seat] ? chip(t("info.score", { n: view.scores[seat] })) : null,
        known.length ? h("span", { class: "known", title: t("info.known") }, cardRow(known, ctx, 6, "small")) : null,
      ];
    },
    making(view) {
      return (view.laying || []).concat(view.hiding || []);
    },
  };

  const DHUMBAL = {
    centre(view, ctx) {
      return h("div", { class: "field" },
        stock(view.stock_size, ctx),
        h("div", { class: "pile available" },
          h("span", { class: "card-row" }, view.available.map((c) => ctx.card(c, { pick: true, class: "card big" }))),
          h("span", { class: "count" }, t("info.available") + (view.available_owner !== null ? " · " + ctx.seatName(view.available_owner) : ""))),
        h("div", { class: "facts" },
          chip(t("info.buried", { n: view.buried.length })),
          chip(t("info.show_max", { n: view.show_max })),
          view.limit ? chip(t("info.limit", { n: view.limit })) : null));
    },
    seat(view, seat, ctx) {
      const known = view.known[seat] || [];
      return [
        chip(t("info.score", { n: view.scores[seat] })),
        known.length ? h("span", { class: "known", title: t("info.known") }, cardRow(known, ctx, 6, "small")) : null,
      ];
    },
    making(view) {
      return view.discarding || [];
    },
  };

  const GAMES = { dobon: DOBON, "dobon-arith": ARITH, doubt: DOUBT, "million-doubt": MILLION, dhumbal: DHUMBAL };
  const PLAIN = { centre: () => h("div", { class: "field" }), seat: () => [] };

  window.KKGames = { of: (id) => GAMES[id] || PLAIN, RANKS, SUITS };
})();
