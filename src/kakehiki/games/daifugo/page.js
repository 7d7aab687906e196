// @ts-check
// Daifugo on the page (games/daifugo/spec.md, Observation): the last plays on the field, the order, the
// lock and the hand-over due in the middle; each seat's rank from the last game, points, passed or
// out, and the cards it handed you; plays and returns of several cards composed and sent whole.
// Everything reads the seat's view as the server sent it; nothing is computed from rules.
/** @typedef {import("./view").DaifugoView} View */

/** @param {import("../../server/static/kit.js").Kit} kit @returns {import("../../server/static/kit.js").Renderer} */
export default function renderer(kit) {
  const { h, t, chip, cardRow, roundChip, isCard, words, sorted, SUITS } = kit;
  const suits = (/** @type {string[]} */ list) => list.map((s) => SUITS[s] || s).join("");
  /** @type {Record<string, string>} each rank's words, by the name the view gives it */
  const TITLES = { daifugo: "title.daifugo", fugo: "title.fugo", heimin: "title.heimin", hinmin: "title.hinmin",
    daihinmin: "title.daihinmin" };

  return {
    centre(/** @type {View} */ view, ctx) {
      const plays = view.field.slice(-3).map(([seat, cards]) =>
        h("div", { class: "play" },
          h("span", { class: "card-row" }, cards.map((c) => ctx.card(c))),
          h("span", { class: "claim" }, ctx.seatName(seat))));
      const due = view.returns.length ? view.returns[0] : null;
      return h("div", { class: "field" },
        h("div", { class: "pile plays-pile" }, plays.length ? plays : ctx.card(null, { class: "card ghost" })),
        h("div", { class: "facts" },
          view.revolution ? chip(t("info.revolution"), { class: "chip warn" }) : null,
          view.eleven_back ? chip(t("info.eleven_back"), { class: "chip warn" }) : null,
          view.lock.length ? chip(t(view.strict ? "info.strict_lock" : "info.lock", { suits: suits(view.lock) })) : null,
          due ? chip(t("info.exchange", { giver: ctx.seatName(due[0]), receiver: ctx.seatName(due[1]), count: due[2] }),
            { class: "chip strong" }) : null,
          roundChip(view)));
    },
    seat(/** @type {View} */ view, seat, ctx) {
      const title = view.titles[seat];
      const mine = view.known.filter(([to]) => to === seat).map(([, card]) => card);
      return [
        title && TITLES[title] ? chip(t(TITLES[title]), { class: "chip strong" }) : null,
        chip(t("info.score", { n: view.scores[seat] })),
        !view.active[seat] && view.phase !== "over" ? chip(t("info.out")) : null,
        view.passed[seat] ? chip(t("info.passed")) : null,
        mine.length ? h("span", { class: "known", title: t("info.known") }, cardRow(mine, ctx, 6, "small")) : null,
      ];
    },
    making(/** @type {View} */ view) {
      return view.laying.concat(view.giving);
    },
    // A whole move of picked cards (games/daifugo/spec.md, Whole moves): `play S5 H5`, or `give C3 D4`
    // in the exchange; cards in any order.
    compose: {
      verbs: ["play", "show", "give"],
      key: (text) => words(text)[0] + " " + sorted(words(text).filter(isCard)).join(" "),
      proposals(picked, _view, frame) {
        const cards = picked.map((p) => p.code);
        if (!cards.length) return [];
        const giving = (frame.legal || []).some((/** @type {string} */ a) => a.startsWith("give "));
        const label = giving ? t("move.give_n", { n: cards.length })
          : t(cards.length === 1 ? "move.play_one" : "move.play_n", { n: cards.length });
        return [{ text: (giving ? "give " : "play ") + cards.join(" "), label, primary: true }];
      },
    },
  };
}
