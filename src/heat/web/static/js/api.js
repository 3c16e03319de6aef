// @ts-check
/** The server's HTTP API and a table's WebSocket (docs/protocol.md). */

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").PreviewAnswer} PreviewAnswer */

export class ApiError extends Error {
  /** @param {string} code @param {string} message @param {number} status */
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/**
 * A JSON call; ApiError with the server's code and message on an error status.
 * @param {string} method
 * @param {string} path
 * @param {{body?: unknown, token?: string}} [options]
 * @returns {Promise<any>}
 */
export async function call(method, path, options = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(data.error || "http", data.message || response.statusText, response.status);
  return data;
}

/** @type {Map<string, Promise<any>>} */
const cached = new Map();

/**
 * A GET whose answer never changes (tracks, cards), fetched once.
 * @param {string} path
 */
export function once(path) {
  let found = cached.get(path);
  if (!found) {
    found = call("GET", path);
    cached.set(path, found);
    found.catch(() => cached.delete(path));
  }
  return found;
}

/**
 * @typedef {{
 *   onState?: (state: State, socket: TableSocket) => void,
 *   onAnswer?: (message: any, socket: TableSocket) => void,
 *   onRematch?: (table: string, socket: TableSocket) => void,
 *   onStatus?: (status: "open" | "lost" | "closed", message: string, socket: TableSocket) => void,
 * }} Handlers
 */

/**
 * One seat's (or a spectator's) socket to a table. Keeps the latest full state, with the
 * event log and the server's notices made whole from the updates; reconnects when the
 * connection drops (the server sends a full state again after `hello`).
 */
export class TableSocket {
  /**
   * @param {string} table
   * @param {string | null} token
   * @param {string | null} name
   * @param {Handlers} handlers
   */
  constructor(table, token, name, handlers) {
    this.table = table;
    this.token = token;
    this.name = name;
    this.handlers = handlers;
    /** @type {State | null} */
    this.state = null;
    /** @type {import("./types.js").EventInfo[]} */
    this.events = [];
    /** @type {import("./types.js").NoticeInfo[]} */
    this.notices = [];
    /** @type {number | null} */
    this.seat = null;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.closed = false;
    this.retries = 0;
    this.nextId = 1;
    /** @type {Map<number, (answer: any) => void>} */
    this.waiting = new Map();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.table)}`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      /** @type {Record<string, string>} */
      const hello = { type: "hello" };
      if (this.token) hello.token = this.token;
      if (this.name) hello.name = this.name;
      ws.send(JSON.stringify(hello));
    });
    ws.addEventListener("message", (event) => this.receive(JSON.parse(String(event.data))));
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed || event.code === 4403 || event.code === 4404 || event.code === 4400) {
        this.handlers.onStatus?.("closed", event.reason, this);
        return;
      }
      this.handlers.onStatus?.("lost", event.reason, this);
      const wait = Math.min(8000, 500 * 2 ** this.retries++);
      setTimeout(() => !this.closed && this.connect(), wait);
    });
  }

  /** @param {any} message */
  receive(message) {
    switch (message.type) {
      case "welcome":
        this.seat = message.seat;
        this.retries = 0;
        this.name = null; // the seat is taken: later hellos need no name
        this.handlers.onStatus?.("open", "", this);
        break;
      case "state":
        this.merge(message);
        this.handlers.onState?.(message, this);
        break;
      case "rematch":
        this.handlers.onRematch?.(message.table, this);
        break;
      default: {
        const done = typeof message.id === "number" ? this.waiting.get(message.id) : undefined;
        if (done) {
          this.waiting.delete(message.id);
          done(message);
        }
        this.handlers.onAnswer?.(message, this);
      }
    }
  }

  /** @param {State} state */
  merge(state) {
    if (state.full || state.events_from !== this.events.length) {
      if (!state.full) {
        this.sync();
        return;
      }
      this.events = [...state.events];
      this.notices = [...state.notices];
    } else {
      this.events.push(...state.events);
      this.notices.push(...state.notices);
    }
    this.state = state;
  }

  /** @param {Record<string, unknown>} message */
  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  /**
   * Send a message with an id; the answer that echoes it.
   * @param {Record<string, unknown>} message
   * @returns {Promise<any>}
   */
  ask(message) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.send({ ...message, id });
    });
  }

  /** @param {string} decision @returns {Promise<any>} accepted, refused or error */
  decide(decision) {
    return this.ask({ type: "decide", seq: this.state?.version ?? 0, decision });
  }

  /** @param {string} decision @returns {Promise<PreviewAnswer>} */
  preview(decision) {
    return this.ask({ type: "preview", decision });
  }

  undo() {
    this.send({ type: "undo", seq: this.state?.version ?? 0 });
  }

  back() {
    this.send({ type: "back" });
  }

  sync() {
    this.send({ type: "sync" });
  }

  close() {
    this.closed = true;
    this.ws?.close(1000);
  }
}
