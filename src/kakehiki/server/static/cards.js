// @ts-check
/*
 * cards.js — playing cards drawn as inline SVG for the kakehiki table.
 *
 * A native ES module (no dependencies) exporting:
 *   svg(code, opts)  -> SVG markup string for one card
 *                               code: 'S4', 'H10', 'DQ', 'CA', 'JK', or null (face down)
 *                               opts: {back: true, width: px, title: '...', lang: 'ja'}
 *   parse(code)              -> {suit: 'S'|'H'|'D'|'C'|null, rank: 'A'..'K'|'JK'} or null
 *   label(code, lang)        -> '♠4', '♥10', 'JOKER' (lang 'ja': 'ジョーカー')
 *   isCard(token)            -> true when token is a card code
 *
 * Every card uses viewBox 0 0 250 350 (poker ratio 2.5:3.5).  Suit symbols are
 * SVG paths so they look the same on every device; only the rank letters are text.
 */

var W = 250, H = 350;
var CARD_RE = /^(JK|[SHDC](10|[2-9AJQK]))$/;
var SANS = "'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', 'Noto Sans', sans-serif";
var SERIF = "Georgia, 'Times New Roman', 'Liberation Serif', 'Noto Serif', serif";

// Suit colours: red suits and dark suits, each pair slightly tinted apart
// (hearts crimson / diamonds vermilion, spades black / clubs green-black).
// tint = pale background used inside the court-card panel.
/** @type {Record<string, {sym: string, color: string, tint: string}>} */
var SUITS = {
  S: { sym: '\u2660', color: '#1b1c22', tint: '#eef0f5' },
  H: { sym: '\u2665', color: '#c8102e', tint: '#fcebee' },
  D: { sym: '\u2666', color: '#d2401c', tint: '#fdefe9' },
  C: { sym: '\u2663', color: '#173326', tint: '#ecf3ef' }
};
var JOKER_COLOR = '#5a2a84';

// Suit shapes, each centred on (0,0) and fitting a 100x100 box.
/** @type {Record<string, string>} */
var SHAPES = {
  H: '<path d="M0,44C-8,34-48,10-48,-16C-48,-34-36,-44-23,-44C-12,-44-4,-38 0,-28' +
     'C4,-38 12,-44 23,-44C36,-44 48,-34 48,-16C48,10 8,34 0,44Z"/>',
  D: '<path d="M0,-50C9,-35 24,-16 42,0C24,16 9,35 0,50C-9,35-24,16-42,0C-24,-16-9,-35 0,-50Z"/>',
  S: '<path d="M0,-48C8,-34 46,-14 46,10C46,26 35,34 23,34C14,34 7,30 3,23C4,34 9,42 16,48' +
     'L-16,48C-9,42-4,34-3,23C-7,30-14,34-23,34C-35,34-46,26-46,10C-46,-14-8,-34 0,-48Z"/>',
  C: '<circle cx="0" cy="-24" r="21"/><circle cx="-23" cy="8" r="21"/>' +
     '<circle cx="23" cy="8" r="21"/><circle cx="0" cy="4" r="12"/>' +
     '<path d="M-3,8C-3,30-8,40-16,48L16,48C8,40 3,30 3,8Z"/>'
};

// Pip layouts for number cards: [x, y]; pips below the middle are drawn upside down.
var L = 90, M = 125, R = 160;            // columns
var T = 66, B = 284, MID = 175;         // top row, bottom row, centre
var Q1 = T + (B - T) / 3, Q3 = T + 2 * (B - T) / 3;
/** @type {Record<string, Array<[number, number]>>} */
var PIPS = {
  '2': [[M, T], [M, B]],
  '3': [[M, T], [M, MID], [M, B]],
  '4': [[L, T], [R, T], [L, B], [R, B]],
  '5': [[L, T], [R, T], [M, MID], [L, B], [R, B]],
  '6': [[L, T], [R, T], [L, MID], [R, MID], [L, B], [R, B]],
  '7': [[L, T], [R, T], [M, (T + MID) / 2], [L, MID], [R, MID], [L, B], [R, B]],
  '8': [[L, T], [R, T], [M, (T + MID) / 2], [L, MID], [R, MID], [M, (MID + B) / 2], [L, B], [R, B]],
  '9': [[L, T], [R, T], [L, Q1], [R, Q1], [M, MID], [L, Q3], [R, Q3], [L, B], [R, B]],
  '10': [[L, T], [R, T], [M, (T + Q1) / 2], [L, Q1], [R, Q1],
         [L, Q3], [R, Q3], [M, (Q3 + B) / 2], [L, B], [R, B]]
};

/**
 * A card parsed: the joker has no suit.
 * @typedef {{suit: null, rank: 'JK'}} Joker
 * @typedef {{suit: string, rank: string}} Suited
 * @typedef {Joker | Suited} Card
 */

var uid = 0;   // counter for unique <pattern> ids on card backs

/** @param {unknown} s */
function esc(s) {
  return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;')
    .replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** @param {unknown} token @returns {boolean} */
function isCard(token) {
  return typeof token === 'string' && CARD_RE.test(token);
}

/** @param {unknown} code @returns {Card | null} */
function parse(code) {
  if (typeof code !== 'string' || !isCard(code)) return null;
  if (code === 'JK') return { suit: null, rank: 'JK' };
  return { suit: code.charAt(0), rank: code.slice(1) };
}

/** @param {string | null | undefined} code @param {string} [lang] */
function label(code, lang) {
  var ja = lang === 'ja';
  if (code === null || code === undefined) return ja ? '伏せたカード' : 'face-down card';
  var c = parse(code);
  if (!c) return String(code);
  if (c.suit === null) return ja ? 'ジョーカー' : 'JOKER';  // the joker (rank JK)
  return SUITS[c.suit].sym + c.rank;
}

// One suit symbol of the given size (px of its 100-unit box) centred at (x, y).
/** @param {string} suit @param {number} x @param {number} y @param {number} size @param {boolean} [flip] */
function pip(suit, x, y, size, flip) {
  return '<g transform="translate(' + x + ' ' + y + ') scale(' + (size / 100) +
    (flip ? ') rotate(180)' : ')') + '">' + SHAPES[suit] + '</g>';
}

// Draw `content` once upright in the top-left, once rotated in the bottom-right.
/** @param {string} content */
function bothCorners(content) {
  return '<g>' + content + '</g><g transform="rotate(180 ' + W / 2 + ' ' + H / 2 + ')">' + content + '</g>';
}

// Corner index: large bold rank with a suit symbol beneath it.
/** @param {Suited} c */
function index(c) {
  var fit = c.rank === '10' ? ' textLength="62" lengthAdjust="spacingAndGlyphs"' : '';
  return bothCorners(
    '<text x="35" y="68" text-anchor="middle" font-size="66" font-weight="700"' +
    ' font-family="' + SANS + '"' + fit + '>' + c.rank + '</text>' + pip(c.suit, 35, 102, 40));
}

// Centre of a number card / ace.
/** @param {Suited} c */
function pips(c) {
  if (c.rank === 'A') return pip(c.suit, M, MID, 120);
  return PIPS[c.rank].map(function (p) {
    return pip(c.suit, p[0], p[1], 38, p[1] > MID + 1);
  }).join('');
}

// Centre of a court card: framed, tinted panel with a large letter between suit symbols.
/** @param {Suited} c */
function court(c) {
  var s = SUITS[c.suit];
  return '<rect x="72" y="56" width="106" height="238" rx="8" fill="' + s.tint +
    '" stroke="' + s.color + '" stroke-width="3"/>' +
    '<rect x="78" y="62" width="94" height="226" rx="5" fill="none" stroke="' + s.color +
    '" stroke-width="1.2" opacity="0.6"/>' +
    pip(c.suit, M, 92, 34) + pip(c.suit, M, 258, 34, true) +
    '<text x="' + M + '" y="' + (MID + 34) + '" text-anchor="middle" font-size="100"' +
    ' font-weight="700" font-family="' + SERIF + '">' + c.rank + '</text>';
}

// Five-pointed star path centred at (cx, cy).
/** @param {number} cx @param {number} cy @param {number} r */
function star(cx, cy, r) {
  var d = '';
  for (var i = 0; i < 10; i++) {
    var a = Math.PI / 5 * i - Math.PI / 2, rr = i % 2 ? r * 0.42 : r;
    d += (i ? 'L' : 'M') + (cx + rr * Math.cos(a)).toFixed(1) + ',' + (cy + rr * Math.sin(a)).toFixed(1);
  }
  return d + 'Z';
}

// Joker: JOKER spelled vertically in both corners, a big star in the centre.
function joker() {
  var letters = 'JOKER'.split('').map(function (ch, i) {
    return '<text x="30" y="' + (50 + i * 36) + '" text-anchor="middle" font-size="38"' +
      ' font-weight="700" font-family="' + SANS + '">' + ch + '</text>';
  }).join('');
  return '<g fill="' + JOKER_COLOR + '">' + bothCorners(letters) + '</g>' +
    '<circle cx="' + M + '" cy="' + MID + '" r="74" fill="#f6f0fb" stroke="' + JOKER_COLOR +
    '" stroke-width="3"/>' +
    '<path d="' + star(M, MID + 4, 64) + '" fill="#f2b705" stroke="' + JOKER_COLOR +
    '" stroke-width="4" stroke-linejoin="round"/>' +
    '<path d="' + star(M, MID + 4, 26) + '" fill="#c8102e"/>';
}

// Back: deep indigo panel with a diagonal lattice and a central suit emblem.
function back() {
  var id = 'kk-lattice-' + (++uid);
  var emblem = pip('S', M, MID - 22, 24) + pip('H', M + 22, MID, 24) +
    pip('C', M, MID + 22, 24) + pip('D', M - 22, MID, 24);
  return '<defs><pattern id="' + id + '" width="22" height="22" patternUnits="userSpaceOnUse"' +
    ' patternTransform="rotate(45)"><rect width="22" height="22" fill="#1f2a66"/>' +
    '<path d="M0,0H22M0,0V22" stroke="#4858a8" stroke-width="3"/></pattern></defs>' +
    '<rect x="14" y="14" width="222" height="322" rx="10" fill="url(#' + id + ')"/>' +
    '<rect x="24" y="24" width="202" height="302" rx="6" fill="none" stroke="#c9d0f5"' +
    ' stroke-width="2" opacity="0.8"/>' +
    '<circle cx="' + M + '" cy="' + MID + '" r="46" fill="#1f2a66" stroke="#c9d0f5" stroke-width="3"/>' +
    '<g fill="#c9d0f5">' + emblem + '</g>';
}

/**
 * @param {string | null | undefined} code
 * @param {{back?: boolean, width?: number, title?: string, lang?: string}} [opts]
 */
function svg(code, opts) {
  opts = opts || {};
  var c = parse(code);
  var faceDown = !c || opts.back;          // null / malformed code -> back
  var text = faceDown ? label(null, opts.lang) : label(code, opts.lang);
  var size = opts.width !== undefined && opts.width > 0
    ? ' width="' + opts.width + '" height="' + Math.round(opts.width * 1.4 * 100) / 100 + '"'
    : ' width="100%"';
  var body;
  if (faceDown || !c) body = back();
  else if (c.suit === null) body = joker();  // the joker (rank JK)
  else {
    body = '<g fill="' + SUITS[c.suit].color + '">' + index(c) +
      (/^[JQK]$/.test(c.rank) ? court(c) : pips(c)) + '</g>';
  }
  return '<svg xmlns="http://www.w3.org/2000/svg" class="kk-card" viewBox="0 0 ' + W + ' ' + H + '"' +
    size + ' role="img" aria-label="' + esc(text) + '">' +
    (opts.title ? '<title>' + esc(opts.title) + '</title>' : '') +
    '<rect x="2" y="2" width="' + (W - 4) + '" height="' + (H - 4) + '" rx="16" fill="#fff"' +
    ' stroke="#8a9099" stroke-width="3"/>' + body + '</svg>';
}

export { svg, parse, label, isCard };
