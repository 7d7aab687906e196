// @ts-check
// Million Doubt on the page: the field's last plays, the pool to give from, the revolution, J back,
// suit lock and claim; each seat's status, score and known cards; plays of face-up and face-down
// cards composed and sent whole (a second click lays a card face down); the Doubt call.
/** @typedef {import("./view").MillionDoubtView} View */
/** @typedef {import("../../server/static/kit.js").Pick} Pick */

/** @param {import("../../server/static/kit.js").Kit} kit @returns {import("../../server/static/kit.js").Renderer} */
export default function renderer(kit) {
  const { h, t, chip, cardRow, roundChip, label, words, sorted, isCard, SUITS } = kit;

  /** @param {string[]} ups @param {string[]} downs @param {boolean} revolution */
  function play(ups, downs, revolution) {
    return ["play"].concat(ups, downs.length ? ["down"].concat(downs) : [], revolution ? ["revolution"] : []).join(" ");
  }
  /** @param {{legal?: string[]}} frame */
  const fromPool = (frame) => (frame.legal || []).some((a) => a.startsWith("give "));

  return {
    calls: ["doubt"],
    /** @param {View} view @param {import("../../server/static/kit.js").CardCtx} ctx */
    centre(view, ctx) {
      const plays = view.field.slice(-3).map((p) => h("div", { class: "play" },
        h("span", { class: "card-row" }, p.up.map((c) => ctx.card(c)), p.down.map((c) => ctx.card(c))),
        h("span", { class: "claim" }, ctx.seatName(p.seat) + (p.revolution ? " · " + t("info.revolution") : ""))));
      const pool = view.pool && view.pool.length
        ? h("div", { class: "pool" }, h("span", { class: "count" }, t("act.give")), h("span", { class: "card-row" }, view.pool.map((c) => ctx.card(c, { pick: true })))) : null;
      return h("div", { class: "field" },
        h("div", { class: "pile plays-pile" }, plays.length ? plays : ctx.card(null, { class: "card ghost" })),
        pool,
        h("div", { class: "facts" },
          view.revolution ? chip(t("info.revolution"), { class: "chip warn" }) : null,
          view.eleven_back ? chip(t("info.eleven_back"), { class: "chip warn" }) : null,
          view.lock ? chip(t("info.lock") + " " + view.lock.split("").map((s) => SUITS[s] || s).join("")) : null,
          view.claim ? chip(t("info.claim") + " " + view.claim[0].map(label).join(" ") + " +" + view.claim[1] + "🂠") : null,
          roundChip(view)));
    },
    /** @param {View} view @param {number} seat @param {import("../../server/static/kit.js").CardCtx} ctx */
    seat(view, seat, ctx) {
      const known = view.known[seat] || [];
      return [
        view.status[seat] !== "playing" ? chip(t("info.status." + view.status[seat]), { class: "chip strong" }) : null,
        view.games > 1 || view.scores[seat] ? chip(t("info.score", { n: view.scores[seat] })) : null,
        known.length ? h("span", { class: "known", title: t("info.known") }, cardRow([...known], ctx, 6, "small")) : null,
      ];
    },
    /** @param {View} view */
    making(view) {
      return [...(view.laying || []), ...(view.hiding || [])];
    },
    actionLabel(action, view) {
      if (action.verb !== "play") return null;
      const { extras } = action;
      const down = extras.find((x) => x.startsWith("*"));
      const shown = view && view.laying && view.laying.length > 0;
      const base = down ? t(shown ? "act.play_down" : "act.play_down_only", { n: down.slice(1) }) : t("act.play_shown");
      return [base].concat(extras.filter((x) => !x.startsWith("*")).map((x) => (x === "revolution" ? t("act.revolution") : x))).join(" · ");
    },
    /** @param {View} view @param {{scores?: number[], rounds?: {winners?: number[]}[]}} result */
    standings(view, result) {
      const wins = (/** @type {number} */ seat) => (result.rounds || []).filter((r) => (r.winners || []).includes(seat)).length;
      return [[t("over.points"), (s) => (result.scores ? String(result.scores[s]) : "")], [t("over.rounds"), (s) => String(wins(s))]];
    },
    compose: {
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
      fromPool,
      /** @param {Pick[]} picked @param {View | null} view @param {{legal?: string[]}} frame */
      proposals(picked, view, frame) {
        const cards = picked.map((p) => p.code);
        if (!cards.length) return [];
        if (fromPool(frame)) {
          const pool = (view && view.pool) || [];
          if (cards.length === pool.length) return [{ text: "give " + cards.join(" "), label: t("move.give_all", { n: cards.length }), primary: true }];
          return [{ text: "give " + cards.join(" ") + " done", label: t("move.give_done", { n: cards.length }), primary: true }];
        }
        const ups = picked.filter((p) => p.how !== "down").map((p) => p.code);
        const downs = picked.filter((p) => p.how === "down").map((p) => p.code);
        const base = !downs.length ? t("move.play_up", { n: ups.length })
          : !ups.length ? t("move.play_down", { n: downs.length }) : t("move.play_up_down", { up: ups.length, down: downs.length });
        /** @type {import("../../server/static/kit.js").Proposal[]} */
        const out = [{ text: play(ups, downs, false), label: base, primary: true }];
        if (downs.length) out.push({ text: play(ups, downs, true), label: base + " · " + t("act.revolution"), guess: ups.length + downs.length === 4 });
        return out;
      },
    },
  };
}
