// @ts-check
// Doubt on the page: the pile's last plays and the rank to play next; each seat's known cards;
// plays of several cards composed and sent whole; the Doubt call.
/** @typedef {import("./view").DoubtView} View */
/** @typedef {import("../../server/static/kit.js").Pick} Pick */

/** @param {import("../../server/static/kit.js").Kit} kit @returns {import("../../server/static/kit.js").Renderer} */
export default function renderer(kit) {
  const { h, t, chip, cardRow, cardsIn, sorted, RANKS } = kit;
  return {
    calls: ["doubt"],
    /** @param {View} view @param {import("../../server/static/kit.js").CardCtx} ctx */
    centre(view, ctx) {
      const plays = view.pile.slice(-6).map((play) => h("div", { class: "play" },
        h("span", { class: "card-row small" }, (play.cards || Array(play.size).fill(null)).map((c) => ctx.card(c))),
        h("span", { class: "claim" }, ctx.seatName(play.seat) + ": " + RANKS[play.rank] + " ×" + play.size)));
      return h("div", { class: "field" },
        h("div", { class: "pile plays-pile" }, plays.length ? plays : ctx.card(null, { class: "card ghost" }),
          h("span", { class: "count" }, t("table.pile", { n: view.pile_size }))),
        h("div", { class: "facts" },
          view.phase !== "over" ? chip(t("info.rank", { rank: RANKS[view.rank] || view.rank }), { class: "chip strong" }) : null,
          view.discard && view.discard.length ? chip(t("info.discard", { n: view.discard.length })) : null));
    },
    /** @param {View} view @param {number} seat @param {import("../../server/static/kit.js").CardCtx} ctx */
    seat(view, seat, ctx) {
      const known = view.known[seat] || [];
      return [known.length ? h("span", { class: "known", title: t("info.known") }, cardRow([...known], ctx, 6, "small")) : null];
    },
    /** @param {View} view */
    making(view) {
      return [...(view.picked || [])];
    },
    compose: {
      verbs: ["play", "add"],
      key: (text) => "play " + sorted(cardsIn(text)).join(" "),
      /** @param {Pick[]} picked */
      proposals(picked) {
        const cards = picked.map((p) => p.code);
        if (!cards.length) return [];
        return [{ text: "play " + cards.join(" "), label: t(cards.length === 1 ? "move.play_one" : "move.play_n", { n: cards.length }), primary: true }];
      },
    },
  };
}
