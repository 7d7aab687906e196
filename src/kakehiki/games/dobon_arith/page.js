// @ts-check
// Arithmetic Dobon on the page: the stock, the top card and the suit to follow, the direction and
// the draws owed; each seat's wins and revealed cards; stacks of cards composed and sent whole.
/** @typedef {import("./view").ArithView} View */
/** @typedef {import("../../server/static/kit.js").Pick} Pick */

/** @param {import("../../server/static/kit.js").Kit} kit @returns {import("../../server/static/kit.js").Renderer} */
export default function renderer(kit) {
  const { h, t, chip, stock, roundChip, cardRow, label, words, sorted, isCard, parse, SUITS } = kit;
  return {
    calls: ["dobon"],
    /** @param {View} view @param {import("../../server/static/kit.js").CardCtx} ctx */
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
    /** @param {View} view @param {number} seat @param {import("../../server/static/kit.js").CardCtx} ctx */
    seat(view, seat, ctx) {
      const shown = view.revealed[seat] || [];
      return [
        view.games > 1 ? chip(t("info.wins", { w: view.wins[seat], l: view.losses[seat] })) : null,
        shown.length ? h("span", { class: "revealed", title: t("info.revealed") }, cardRow([...shown], ctx, 8, "small")) : null,
      ];
    },
    /** @param {View} view */
    making(view) {
      return [...(view.staged || [])];
    },
    /** @param {View} view */
    standings(view) {
      if (!view.wins) return null;
      return [[t("over.won"), (s) => String(view.wins[s])], [t("over.lost"), (s) => String(view.losses[s])]];
    },
    compose: {
      verbs: ["play", "bottom", "stack", "top"],
      key(text) {
        const w = words(text);
        const cards = w.filter(isCard);
        const suit = w.find((x) => x.startsWith("suit=")) || "";
        if (cards.length < 2) return w.join(" ");
        return ["play", cards[0], sorted(cards.slice(1, -1)).join(","), cards[cards.length - 1], suit].join("|");
      },
      /** @param {Pick[]} picked */
      proposals(picked) {
        const cards = picked.map((p) => p.code);
        if (!cards.length) return [];
        const top = cards[cards.length - 1];
        const base = cards.length === 1 ? t("move.play_card", { card: label(top) }) : t("move.play_stack", { n: cards.length, card: label(top) });
        const parsed = parse(top);
        if (parsed && parsed.rank === "8") {
          return ["S", "H", "D", "C"].map((s, i) => ({ text: "play " + cards.join(" ") + " suit=" + s, label: base + " · " + t("act.suit", { suit: SUITS[s] }), primary: i === 0 }));
        }
        return [{ text: "play " + cards.join(" "), label: base, primary: true }];
      },
    },
  };
}
