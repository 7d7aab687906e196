// @ts-check
// Talking to `kakehiki serve`: the lobby's HTTP calls and the table's WebSocket, which
// reconnects by itself after a drop (the server keeps the seat through its grace and sends
// the history again after `hello`).  Only the documented protocol (docs/protocol.md) is used.
/** A refusal from the server's HTTP API, or a network failure (`code` "network"). */
class ApiError extends Error {
  /** @param {string} code @param {string} message @param {string | null} [field] the request's field at fault */
  constructor(code, message, field) {
    super(message);
    this.code = code;
    this.field = field || null;
  }
}

/**
 * One HTTP call: the JSON answer, or an ApiError.
 * @param {string} method @param {string} path @param {unknown} [body] sent as JSON
 * @returns {Promise<any>} the answer's JSON (its shape is the endpoint's, docs/protocol.md)
 */
async function api(method, path, body) {
  /** @type {RequestInit & {headers: Record<string, string>}} */
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError("network", String((err instanceof Error && err.message) || err));
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data && data.error) || { code: "http_" + response.status, message: response.statusText };
    throw new ApiError(error.code, error.message, error.field);
  }
  return data;
}

/** Where this browser keeps its seat tokens: one per room code, so a reload keeps the seat. */
const Seats = {
  /** @param {string} code @returns {{token: string | null, seat: number | null} | null} */
  get(code) {
    try {
      return JSON.parse(localStorage.getItem("kk.seat." + code) || "null");
    } catch (err) {
      return null;
    }
  },
  /** @param {string} code @param {{token: string | null, seat: number | null}} seat */
  put(code, seat) {
    localStorage.setItem("kk.seat." + code, JSON.stringify(seat));
  },
  /** @param {string} code */
  forget(code) {
    localStorage.removeItem("kk.seat." + code);
  },
};

/**
 * One table connection.  `onFrame(frame, raw)` gets every server frame; `onStatus(up)` is told
 * when the socket opens and drops.  After a drop it reconnects with a growing pause (0.5 s up
 * to 5 s), says `hello` again with the same token and lets the server re-send the history.
 */
class TableSocket {
  /**
   * @param {string} code the room's code
   * @param {string | null} token this seat's token (null: watch)
   * @param {string} lang the language the server words events in
   * @param {(frame: import("./protocol").ServerFrame, raw: string) => void} onFrame
   * @param {(up: boolean, code?: number) => void} onStatus
   */
  constructor(code, token, lang, onFrame, onStatus) {
    this.code = code;
    this.token = token;
    this.lang = lang;
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    this.pause = 500;
    this.closed = false;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.nextRef = 1;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + location.host + "/api/rooms/" + encodeURIComponent(this.code) + "/ws");
    this.ws = ws;
    ws.onopen = () => {
      this.pause = 500;
      /** @type {{type: string, lang: string, token?: string}} */
      const hello = { type: "hello", lang: this.lang };
      if (this.token) hello.token = this.token;
      ws.send(JSON.stringify(hello));
      this.onStatus(true);
    };
    ws.onmessage = (message) => {
      let frame;
      try {
        frame = JSON.parse(message.data);
      } catch (err) {
        return;
      }
      if (frame.type === "change" && Array.isArray(frame.frames)) {  // one change: its frames in order
        for (const inner of frame.frames) this.onFrame(inner, JSON.stringify(inner));
      } else {
        this.onFrame(frame, message.data);
      }
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.onStatus(false, event.code);
      if (this.closed || event.code === 4404) return;
      setTimeout(() => this.closed || this.open(), this.pause);
      this.pause = Math.min(this.pause * 2, 5000);
    };
  }

  /** Send a message; returns its ref (or null when the socket is not open). */
  /** @param {Record<string, unknown>} message @returns {number | null} */
  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return null;
    const ref = this.nextRef++;
    this.ws.send(JSON.stringify(Object.assign({ ref }, message)));
    return ref;
  }

  /** @param {string} lang */
  setLang(lang) {
    this.lang = lang;
    this.send({ type: "lang", lang });
    this.send({ type: "sync" });
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}

/** The revealed seed, digit for digit: a 64-bit seed does not survive JSON.parse as a number. */
/** @param {string} raw the over frame as it came */
function seedText(raw) {
  const match = /"seed"\s*:\s*(-?\d+)/.exec(raw);
  return match ? match[1] : null;
}

export { api, ApiError, Seats, TableSocket, seedText };
