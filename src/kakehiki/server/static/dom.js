// @ts-check
// A few DOM helpers: the page is built with plain elements, no framework.
import * as Cards from "./cards.js";
import { I18N } from "./i18n.js";

/**
 * h("button", {class: "x", onclick: f, dataset: {action: "draw"}}, "Draw") → a new element.
 * Children may be strings, elements, arrays of them, or null/false (skipped).
 */
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "dataset") Object.assign(el.dataset, value);
    else if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else if (name === "html") el.innerHTML = value;
    else if (name in el && typeof value !== "string") el[name] = value;
    else el.setAttribute(name, value === true ? "" : value);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An element holding one card's SVG (a face-down card for null). */
function card(code, extra) {
  const lang = I18N.lang;
  const label = code ? Cards.label(code, lang) : "";
  const el = h("span", Object.assign({ class: "card", title: label || null }, extra || {}));
  el.innerHTML = Cards.svg(code, { title: label || undefined, lang });
  if (code) el.dataset.card = code;
  return el;
}

/** Empty an element in one step (removing a focused child one by one can trip over its blur). */
function clear(el) {
  el.replaceChildren();
  return el;
}

/** Replace an element's children with `children` (strings, elements, arrays, null skipped). */
function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export { h, card, clear, fill };
