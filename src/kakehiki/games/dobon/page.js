// @ts-check
// Dobon on the page: the stock, the field's top card, the draws owed; each seat's laps and deal
// count (official rules); the results by laps.  Read from the view as the server sent it.
/** @typedef {import("./view").DobonView} View */

/** @param {import("../../server/static/kit.js").Kit} kit @returns {import("../../server/static/kit.js").Renderer} */
export default function renderer(kit) {
  const { h, t, chip, stock, roundChip } = kit;
  return {
    calls: ["dobon"],
    /** @param {View} view @param {import("../../server/static/kit.js").CardCtx} ctx */
    centre(view, ctx) {
      return h("div", { class: "field" },
        stock(view.stock_size, ctx),
        h("div", { class: "pile top" }, view.top ? ctx.card(view.top, { class: "card big" }) : null,
          h("span", { class: "count" }, t("table.field", { n: view.field_size }))),
        h("div", { class: "facts" },
          view.pending ? chip(t("info.pending", { n: view.pending }), { class: "chip warn" }) : null,
          roundChip(view)));
    },
    /** @param {View} view @param {number} seat @param {import("../../server/static/kit.js").CardCtx} ctx */
    seat(view, seat, ctx) {
      return [
        seat === view.dealer ? chip(t("table.dealer")) : null,
        view.deal_counts && ctx.official ? chip(t("info.deal", { n: view.deal_counts[seat] })) : null,
        view.laps && view.laps[seat] ? chip(t("info.laps", { n: view.laps[seat] })) : null,
      ];
    },
    /** @param {View} view @param {{rounds?: {winners?: number[]}[]}} result */
    standings(view, result) {
      if (!view.laps) return null;
      const wins = (/** @type {number} */ seat) => (result.rounds || []).filter((r) => (r.winners || []).includes(seat)).length;
      return [[t("over.laps"), (s) => String(view.laps[s])], [t("over.deals"), (s) => String(view.deal_counts[s])],
        [t("over.rounds"), (s) => String(wins(s))]];
    },
  };
}
