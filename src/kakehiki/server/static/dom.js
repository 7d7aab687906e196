// @ts-check
// A few DOM helpers: the page is built with plain elements, no framework.
import * as Cards from "./cards.js";
import { I18N } from "./i18n.js";

/**
 * h("button", {class: "x", onclick: f, dataset: {action: "draw"}}, "Draw") → a new element.
 * Children may be strings, elements, arrays of them, or null/false (skipped).
 */
/**
 * A child given to h() or fill(): drawn as text unless an element; null, undefined and false are skipped.
 * @typedef {Node | string | number | boolean | null | undefined | Children} Child
 */
/** @typedef {Array<Child>} Children */

/**
 * An event from the element `T` itself (a listener set by h() on a control with no children that send it).
 * @template {EventTarget} T
 * @typedef {Event & {target: T}} EventOn
 */

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any> | null} [attrs] attributes; `on*` listeners, `dataset`, `html`, and DOM properties (non-strings)
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "dataset") Object.assign(el.dataset, value);
    else if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else if (name === "html") el.innerHTML = value;
    else if (name in el && typeof value !== "string") /** @type {Record<string, any>} */ (el)[name] = value;
    else el.setAttribute(name, value === true ? "" : value);
  }
  append(el, children);
  return el;
}

/** @param {HTMLElement} el @param {Child[]} children */
function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An element holding one card's SVG (a face-down card for null).
 * @param {string | null | undefined} code @param {Record<string, any>} [extra] more attributes */
function card(code, extra) {
  const lang = I18N.lang;
  const label = code ? Cards.label(code, lang) : "";
  const el = h("span", Object.assign({ class: "card", title: label || null }, extra || {}));
  el.innerHTML = Cards.svg(code, { title: label || undefined, lang });
  if (code) el.dataset.card = code;
  return el;
}

/** Empty an element in one step (removing a focused child one by one can trip over its blur).
 * @template {Element} E @param {E} el @returns {E} */
function clear(el) {
  el.replaceChildren();
  return el;
}

/** Replace an element's children with `children` (strings, elements, arrays, null skipped).
 * @param {HTMLElement} el @param {...Child} children */
function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export { h, card, clear, fill };
