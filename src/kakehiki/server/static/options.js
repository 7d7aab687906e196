// @ts-check
// The lobby's house rules: a rule set picker, and one real control per option (a switch, a list of
// words, a seat, a bounded number), labelled and explained in the page's language from /api/games.
import * as Dom from "./dom.js";
import { I18N } from "./i18n.js";

const { h } = Dom;
/** @type {typeof I18N.t} */
const t = (key, fields) => I18N.t(key, fields);
const ja = () => I18N.lang === "ja";
const NUMBER = "#number";  // the word list's entry that opens the number box

/** @typedef {import("./catalog").GameEntry} GameEntry */
/** @typedef {import("./catalog").OptionEntry} OptionEntry */
/** @typedef {import("./catalog").RuleSetEntry} RuleSetEntry */
/**
 * The lobby's choices being made: the rule set started from (`base`) and every option's value.
 * @typedef {{base: string, values: Record<string, unknown>, advancedOpen?: boolean}} RulesState
 */
/** @typedef {(value: unknown) => void} Setter */

/** @param {OptionEntry} option */
function label(option) { return ja() ? option.label_ja : option.label; }
/** @param {OptionEntry} option */
function help(option) { return ja() ? option.help_ja : option.help; }
/** @param {OptionEntry} option @param {unknown} value */
function word(option, value) {
  const words = option.values[String(value)];
  return words ? (ja() ? words.ja : words.en) : String(value);
}
/** @param {RuleSetEntry} set */
function setName(set) { return ja() ? set.name_ja : set.name; }
/** @param {RuleSetEntry} set */
function setSummary(set) { return ja() ? set.summary_ja : set.summary; }

/** The words an option takes besides its numbers (`auto`, `random`, `none` …), in the API's order. */
/** @param {OptionEntry} option */
function words(option) {
  return Object.keys(option.values).filter((w) => option.control !== "choice" || option.choices.includes(w));
}

/** The rule set whose values are exactly these, or null (the person changed something). */
/** @param {GameEntry} game @param {Record<string, unknown>} values */
function matchingSet(game, values) {
  return game.rule_sets.find((set) => game.options.every((o) => set.options[o.name] === values[o.name])) || null;
}

/** The rule set picker and its summary. @param {GameEntry} game @param {RulesState} state @param {(id: string) => void} onchange */
function ruleSetPicker(game, state, onchange) {
  const current = matchingSet(game, state.values);
  const select = h("select", { name: "rules", id: "rules", "aria-label": t("lobby.rule_set"), onchange: (/** @type {Dom.EventOn<HTMLSelectElement>} */ e) => onchange(e.target.value) },
    game.rule_sets.map((set) => h("option", { value: set.id, selected: current === set }, setName(set))),
    current ? null : h("option", { value: "", selected: true, disabled: true }, t("lobby.custom")));
  const summary = current ? setSummary(current)
    : t("lobby.custom_from", { name: setName(/** @type {RuleSetEntry} */ (game.rule_sets.find((s) => s.id === state.base))) });  // base: one of the game's
  return [select, h("small", { class: "help rule-summary", id: "rule-summary" }, summary)];
}

/** One option's control; `set(value)` records a change.
 * @param {OptionEntry} option @param {unknown} value @param {number} players @param {Setter} set */
function control(option, value, players, set) {
  const name = "opt-" + option.name;
  const data = { option: option.name, control: option.control };
  if (option.control === "switch") {
    return h("input", { type: "checkbox", role: "switch", class: "switch", name, checked: value === true,
      dataset: data, onchange: (/** @type {Dom.EventOn<HTMLInputElement>} */ e) => set(e.target.checked) });
  }
  if (option.control === "choice" || option.control === "seat") {
    const seats = option.control === "seat" ? seatNumbers(option, players) : [];
    return h("select", { name, dataset: data, onchange: (/** @type {Dom.EventOn<HTMLSelectElement>} */ e) => set(fromSelect(e.target.value)) },
      words(option).map((w) => h("option", { value: w, selected: value === w }, word(option, w))),
      seats.map((s) => h("option", { value: String(s), selected: value === s }, t("lobby.seat_n", { n: s + 1 }))));
  }
  return numberControl(option, value, set, name, data);
}

/** The seats an option of control `seat` may name. @param {OptionEntry} option @param {number} players */
function seatNumbers(option, players) {
  const last = Math.min(players - 1, option.maximum === null ? players - 1 : option.maximum);
  /** @type {number[]} */
  const seats = [];
  for (let s = Math.max(0, option.minimum || 0); s <= last; s++) seats.push(s);
  return seats;
}

/** @param {string} text */
function fromSelect(text) {
  return /^\d+$/.test(text) ? Number(text) : text === "none" ? null : text;
}

/** A bounded number; where the option also takes words, a list of them with "a number" opening the box.
 * @param {OptionEntry} option @param {unknown} value @param {Setter} set @param {string} name @param {Record<string, string>} data */
function numberControl(option, value, set, name, data) {
  const isNumber = typeof value === "number";
  const box = h("input", { type: "number", name: words(option).length ? name + "-number" : name,
    min: option.minimum === null ? null : String(option.minimum), max: option.maximum === null ? null : String(option.maximum),
    step: String(option.step), value: isNumber ? String(value) : "", required: isNumber || !words(option).length, hidden: !isNumber && words(option).length > 0,
    inputmode: option.kind === "int" ? "numeric" : "decimal", dataset: words(option).length ? { number: option.name } : data,
    oninput: (/** @type {Dom.EventOn<HTMLInputElement>} */ e) => { if (e.target.value !== "" && e.target.checkValidity()) set(Number(e.target.value)); } });
  if (!words(option).length) return box;
  const choice = h("select", { name, dataset: data, onchange: (/** @type {Dom.EventOn<HTMLSelectElement>} */ e) => {
    const chosen = e.target.value;
    box.hidden = chosen !== NUMBER;
    box.required = chosen === NUMBER;  // a hidden box must not hold the form back
    if (chosen === NUMBER) {
      if (box.value === "") box.value = String(option.minimum === null ? 0 : option.minimum);
      set(Number(box.value));
    } else {
      set(fromSelect(chosen));
    }
  } },
  words(option).map((w) => h("option", { value: w, selected: !isNumber && (value === w || (value === null && w === "none")) }, word(option, w))),
  h("option", { value: NUMBER, selected: isNumber }, t("lobby.number")));
  return h("span", { class: "with-number" }, choice, box);
}

/** The options as rows, the advanced ones folded away in their own details.
 * @param {GameEntry} game @param {RulesState} state @param {number} players @param {(name: string, value: unknown) => void} onchange */
function optionRows(game, state, players, onchange) {
  const row = (/** @type {OptionEntry} */ option) => {
    const input = control(option, state.values[option.name], players, (value) => onchange(option.name, value));
    return h("label", { class: "field option", dataset: { option: option.name }, title: option.ruling || null },
      h("span", { class: "field-label" }, label(option)), input, h("small", { class: "help" }, help(option)));
  };
  const plain = game.options.filter((o) => !o.advanced).map(row);
  const advanced = game.options.filter((o) => o.advanced).map(row);
  return [plain, advanced.length ? h("details", { class: "advanced", open: state.advancedOpen || null,
    ontoggle: (/** @type {Dom.EventOn<HTMLDetailsElement>} */ e) => { state.advancedOpen = e.target.open; } }, h("summary", {}, t("lobby.advanced")), advanced) : null];
}

/** The rule set to send and the options changed from it, as POST /api/rooms takes them.
 * @param {GameEntry} game @param {RulesState} state */
function request(game, state) {
  const base = game.rule_sets.find((s) => s.id === state.base) || game.rule_sets[0];
  /** @type {Record<string, unknown>} */
  const options = {};
  for (const option of game.options) {
    if (state.values[option.name] !== base.options[option.name]) options[option.name] = state.values[option.name];
  }
  return { rules: base.id, options };
}

/** A rule set's values, to start from (a copy: the person's changes never touch the catalog).
 * @param {GameEntry} game @param {string} [setId] none: the first */
function valuesOf(game, setId) {
  const set = game.rule_sets.find((s) => s.id === setId) || game.rule_sets[0];
  return Object.assign({}, set.options);
}

/** Options in force, in words: "Official JDA rules: on", for a room's facts.
 * @param {GameEntry | null | undefined} game @param {string} name @param {unknown} value */
function describe(game, name, value) {
  const option = game && game.options.find((o) => o.name === name);
  if (!option) return name + " = " + JSON.stringify(value);
  const shown = typeof value === "boolean" ? t(value ? "lobby.on" : "lobby.off_switch")
    : value === null ? word(option, "none")
    : option.control === "seat" && typeof value === "number" ? t("lobby.seat_n", { n: value + 1 })
    : typeof value === "number" ? String(value) : word(option, value);
  return label(option) + ": " + shown;
}

export { ruleSetPicker, optionRows, request, valuesOf, matchingSet, describe, setName };
