// @ts-check
// Daifugo's table on the page (docs/daifugo.md, Observation (views)): the play to beat, the order
// and the lock in the middle; each seat's rank from the last game, points, passed or out.
// Everything reads the seat's view as the server sent it; nothing is computed from rules.

/** @param {any} kit the page's kit (h, t, chip, cardRow, roundChip, label, SUITS) */
export default function renderer(kit) {
  const { h, t, chip, cardRow, roundChip, SUITS } = kit;
  const suits = (/** @type {string[]} */ list) => list.map((s) => SUITS[s] || s).join("");
  const isCard = (/** @type {string} */ w) => /^([SHDC](10|[2-9AJQK])|JK)$/.test(w);
  const cardsOf = (/** @type {string} */ text) => text.split(" ").filter(isCard);

  return {
    centre(/** @type {any} */ view, /** @type {any} */ ctx) {
      const plays = view.field.slice(-3).map((/** @type {[number, string[]]} */ [seat, cards]) =>
        h("div", { class: "play" },
          h("span", { class: "card-row" }, cards.map((c) => ctx.card(c))),
          h("span", { class: "claim" }, ctx.seatName(seat))));
      const due = view.returns.length ? view.returns[0] : null;
      return h("div", { class: "field" },
        h("div", { class: "pile md-field" }, plays.length ? plays : ctx.card(null, { class: "card ghost" })),
        h("div", { class: "facts" },
          view.revolution ? chip(t("info.revolution"), { class: "chip warn" }) : null,
          view.eleven_back ? chip(t("info.eleven_back"), { class: "chip warn" }) : null,
          view.lock.length ? chip(t("info.lock") + " " + suits(view.lock)) : null,
          view.strict ? chip(t("daifugo.page.strict"), { class: "chip warn" }) : null,
          due ? chip(t("daifugo.page.exchange", { giver: ctx.seatName(due[0]), receiver: ctx.seatName(due[1]), count: due[2] }),
            { class: "chip strong" }) : null,
          roundChip(view)));
    },
    seat(/** @type {any} */ view, /** @type {number} */ seat, /** @type {any} */ ctx) {
      const title = view.titles[seat];
      const mine = view.known.filter((/** @type {[number, string]} */ k) => k[0] === seat).map((/** @type {[number, string]} */ k) => k[1]);
      return [
        title ? chip(t("daifugo.title." + title), { class: "chip strong" }) : null,
        chip(t("info.score", { n: view.scores[seat] })),
        !view.active[seat] && view.phase !== "over" ? chip(t("daifugo.page.out")) : null,
        view.passed[seat] ? chip(t("daifugo.page.passed")) : null,
        mine.length ? h("span", { class: "known", title: t("daifugo.page.known") }, cardRow(mine, ctx, 6, "small")) : null,
      ];
    },
    making(/** @type {any} */ view) {
      return (view.laying || []).concat(view.giving || []);
    },
    // A whole move of picked cards (docs/daifugo.md, Whole moves): `play S5 H5`, or `give C3 D4`
    // in the exchange; cards in any order.
    compose: {
      verbs: ["play", "show", "give"],
      key: (/** @type {string} */ text) => text.split(" ")[0] + " " + cardsOf(text).sort().join(" "),
      proposals(/** @type {{code: string}[]} */ picked, /** @type {any} */ view, /** @type {any} */ frame) {
        const cards = picked.map((p) => p.code);
        if (!cards.length) return [];
        const giving = (frame.legal || []).some((/** @type {string} */ a) => a.startsWith("give "));
        const label = giving ? t("daifugo.page.give_n", { n: cards.length })
          : t(cards.length === 1 ? "move.play_one" : "move.play_n", { n: cards.length });
        return [{ text: (giving ? "give " : "play ") + cards.join(" "), label, primary: true }];
      },
    },
  };
}
