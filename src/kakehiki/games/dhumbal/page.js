// @ts-check
// Dhumbal on the page: the stock and the cards to take, the buried count, the Show limit; each
// seat's score and known cards; a discard of several cards composed with the card taken; the
// results by points (fewest first).
/** @typedef {import("./view").DhumbalView} View */
/** @typedef {import("../../server/static/kit.js").Pick} Pick */

/** @param {import("../../server/static/kit.js").Kit} kit @returns {import("../../server/static/kit.js").Renderer} */
export default function renderer(kit) {
  const { h, t, chip, cardRow, stock, label, words, sorted, isCard } = kit;
  return {
    totalKey: "table.points",
    /** @param {View} view @param {import("../../server/static/kit.js").CardCtx} ctx */
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
    /** @param {View} view @param {number} seat @param {import("../../server/static/kit.js").CardCtx} ctx */
    seat(view, seat, ctx) {
      const known = view.known[seat] || [];
      return [
        chip(t("info.score", { n: view.scores[seat] })),
        known.length ? h("span", { class: "known", title: t("info.known") }, cardRow([...known], ctx, 6, "small")) : null,
      ];
    },
    /** @param {View} view */
    making(view) {
      return [...(view.discarding || [])];
    },
    actionLabel(action) {
      return action.verb === "show" ? t("act.show_hand") : null;
    },
    // The result's scores are the points negated (higher is better there): show the points the seats showed.
    /** @param {View} view @param {{scores?: number[]}} result */
    standings(view, result) {
      return [[t("over.points"), (s) => String(view.scores ? view.scores[s] : result.scores ? -result.scores[s] : "")]];
    },
    compose: {
      verbs: ["discard"],
      key(text) {
        const w = words(text);
        const split = w.indexOf("take");
        const discards = (split < 0 ? w : w.slice(0, split)).filter(isCard);
        return "discard " + sorted(discards).join(" ") + (split < 0 ? "" : " take " + w[split + 1]);
      },
      /** @param {Pick[]} picked @param {View | null} view */
      proposals(picked, view) {
        const cards = picked.map((p) => p.code);
        if (!cards.length) return [];
        const head = "discard " + cards.join(" ");
        /** @type {import("../../server/static/kit.js").Proposal[]} */
        const out = [{ text: head + " take stock", label: t("move.discard_stock", { n: cards.length }), primary: true }];
        for (const c of (view && view.available) || []) out.push({ text: head + " take " + c, label: t("move.discard_take", { n: cards.length, card: label(c) }) });
        return out;
      },
    },
  };
}
