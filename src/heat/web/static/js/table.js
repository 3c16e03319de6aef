// @ts-check
/**
 * A table's page (/t/ID): takes the invitation in the address, connects a socket per seat
 * played at this screen (several: pass-and-play) or one to watch, and shows the screen the
 * table is at: the waiting room, the race, the championship hub, the results.
 */
import { ApiError, TableSocket, call, once } from "./api.js";
import { letterOf } from "./board.js";
import { byId, fill, h } from "./dom.js";
import { inviteList } from "./home.js";
import { t } from "./messages.js";
import { RaceScreen } from "./race.js";
import { showResults } from "./results.js";
import { SeasonHub } from "./season.js";
import { keepTable, settings, tableOf } from "./store.js";

/** @typedef {import("./types.js").State} State */

/**
 * Read `#TOKEN` (an invitation) or `#admin=TOKEN` from the address, keep it in this browser
 * and take it out of the address. Returns a new seat token to join with, if any.
 * @param {string} id
 */
function takeHash(id) {
  const hash = decodeURIComponent(location.hash.slice(1));
  if (!hash) return null;
  history.replaceState(null, "", location.pathname);
  if (hash.startsWith("admin=")) {
    keepTable({ table: id, title: "", mode: "", seats: [], admin: hash.slice(6), created: Date.now() });
    return null;
  }
  const known = tableOf(id)?.seats.find((seat) => seat.token === hash);
  return known ? null : hash;
}

/**
 * The join form of an invitation: a display name, then the seat is taken.
 * @param {any} info
 * @param {string} token
 * @returns {Promise<string>} the name
 */
function askName(info, token) {
  void token;
  const main = byId("main");
  const input = h("input", { type: "text", id: "join-name", maxlength: 24, value: settings().name, required: true, autocomplete: "nickname" });
  return new Promise((resolve) => {
    const form = h("form", { class: "panel", id: "join-form" }, [
      h("h1", {}, t("join.title")),
      h("p", {}, info.title || info.table),
      h("label", { for: "join-name" }, t("join.name")),
      input,
      h("p", {}, h("button", { type: "submit", class: "primary" }, t("join.go"))),
    ]);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (input.value.trim()) resolve(input.value.trim());
    });
    fill(main, form);
    input.focus();
  });
}

/** @param {string} message */
function showError(message) {
  fill(byId("main"), [h("h1", {}, t("error.title")), h("p", { class: "error", role: "alert" }, message), h("p", {}, h("a", { href: "/" }, t("results.home")))]);
}

/** @param {string} id */
export async function showTable(id) {
  const invite = takeHash(id);
  let info;
  try {
    info = await call("GET", `/api/tables/${encodeURIComponent(id)}`);
  } catch (error) {
    showError(error instanceof ApiError && error.status === 404 ? t("error.not_found") : t("error.network", { message: String(error) }));
    return;
  }
  document.title = `${info.title || info.table} · ${t("app.title")}`;
  const [cat, geo] = await Promise.all([once("/api/cards"), once(`/api/tracks/${info.spec.track ?? "usa"}`)]);
  const controller = new TableController(id, info, cat, geo);
  if (invite) {
    const name = await askName(info, invite);
    controller.join(invite, name);
  }
  controller.start();
}

class TableController {
  /**
   * @param {string} id
   * @param {any} info
   * @param {import("./types.js").Catalogue} cat
   * @param {import("./types.js").Geometry} geo
   */
  constructor(id, info, cat, geo) {
    this.id = id;
    this.info = info;
    this.cat = cat;
    this.geo = geo;
    /** @type {TableSocket[]} */
    this.sockets = [];
    /** @type {RaceScreen | null} */
    this.race = null;
    /** @type {number | null} the seat whose hand this screen shows (pass-and-play) */
    this.shown = null;
    this.handoffFor = /** @type {number | null} */ (null);
    this.hub = false;
    this.screen = "";
    /** @type {string | null} */
    this.rematch = null;
    this.status = h("p", { class: "error", role: "status", id: "connection" });
  }

  /** @param {string} token @param {string} name */
  join(token, name) {
    const socket = this.open(token, name);
    socket.handlers.onStatus = (status, message, sock) => {
      if (status === "open" && sock.seat !== null) {
        const color = this.info.seats[sock.seat]?.color ?? "";
        keepTable({ table: this.id, title: this.info.title, mode: this.info.spec?.mode ?? "race", seats: [{ seat: sock.seat, token, color, name }], created: Date.now() });
      }
      this.onStatus(status, message);
    };
  }

  start() {
    const local = tableOf(this.id)?.seats ?? [];
    for (const seat of local) {
      if (!this.sockets.some((s) => s.token === seat.token)) this.open(seat.token, seat.name || null);
    }
    if (!this.sockets.length) this.open(null, null);
  }

  /** @param {string | null} token @param {string | null} name */
  open(token, name) {
    const socket = new TableSocket(this.id, token, name, {
      onState: () => this.render(),
      onStatus: (status, message) => this.onStatus(status, message),
      onRematch: (table) => this.onRematch(table),
    });
    this.sockets.push(socket);
    socket.connect();
    return socket;
  }

  /** @param {string} status @param {string} message */
  onStatus(status, message) {
    if (status === "lost") this.status.textContent = t("race.connection.lost");
    else if (status === "closed") this.status.textContent = message ? t("race.connection.error", { message }) : t("race.connection.lost");
    else this.status.textContent = "";
  }

  /** The rematch table opens with the same tokens. @param {string} table */
  onRematch(table) {
    const local = tableOf(this.id);
    if (local) keepTable({ ...local, table, created: Date.now() });
    this.rematch = table;
    this.screen = "";
    this.render();
  }

  /** The socket whose view this screen shows, and whether its hand must stay hidden. */
  viewer() {
    const ready = this.sockets.filter((s) => s.state);
    if (!ready.length) return null;
    if (ready.length === 1) return { socket: ready[0], hide: false };
    const state = /** @type {State} */ (ready[0].state);
    const deciding = ready.find((s) => s.seat !== null && state.to_decide.includes(s.seat) && (s.state?.legal.length ?? 0) > 0);
    if (!deciding) return { socket: ready[0], hide: true };
    if (deciding.seat !== this.shown) {
      this.handoffFor = deciding.seat;
      return { socket: deciding, hide: true, handoff: true };
    }
    return { socket: deciding, hide: false };
  }

  render() {
    const viewer = this.viewer();
    if (!viewer) return;
    const state = /** @type {State} */ (viewer.socket.state);
    const main = byId("main");
    if (state.status === "waiting") return this.showWaiting(state);
    if ("handoff" in viewer && viewer.handoff) return this.showHandoff(state, /** @type {number} */ (this.handoffFor));
    const season = state.season;
    const between = season && (season.phase !== "race" || !state.view);
    if (state.status === "over" && (!season || season.phase === "over")) {
      this.race?.destroy();
      this.race = null;
      if (this.screen !== `over:${state.version}`) {
        this.screen = `over:${state.version}`;
        showResults(main, state, viewer.socket, this.cat, this.geo, { rematch: this.rematch ?? state.rematch, tokens: this.sockets.map((s) => s.token) });
      }
      return;
    }
    if (season && (between || this.hub)) {
      this.race?.destroy();
      this.race = null;
      this.screen = "season";
      new SeasonHub(main, this.cat).show(state, viewer.socket, {
        hideHand: viewer.hide,
        onBack: between ? null : () => {
          this.hub = false;
          this.render();
        },
      });
      main.prepend(this.status);
      return;
    }
    if (!this.race || this.screen !== `race:${state.view?.track}`) {
      this.race?.destroy();
      this.screen = `race:${state.view?.track}`;
      const geo = this.geo.track === state.view?.track ? this.geo : null;
      if (!geo && state.view) {
        once(`/api/tracks/${state.view.track}`).then((found) => {
          this.geo = found;
          this.render();
        });
        return;
      }
      this.race = new RaceScreen(main, this.cat, this.geo, season ? { onSeasonHub: () => { this.hub = true; this.render(); } } : {});
      main.prepend(this.status);
    }
    this.race.update(state, viewer.socket, { hideHand: viewer.hide });
  }

  /** @param {State} state @param {number} seat */
  showHandoff(state, seat) {
    this.race?.destroy();
    this.race = null;
    this.screen = "handoff";
    const info = state.seats[seat];
    const main = byId("main");
    const go = h(
      "button",
      {
        type: "button",
        class: "primary big",
        id: "handoff-go",
        onclick: () => {
          this.shown = seat;
          this.render();
        },
      },
      t("handoff.go", { name: info.name }),
    );
    fill(main, [
      h("section", { class: "handoff panel", "aria-labelledby": "handoff-title" }, [
        h("span", { class: `badge ${info.color}`, "aria-hidden": "true" }, letterOf(info.color)),
        h("h1", { id: "handoff-title" }, t("handoff.title", { name: info.name })),
        h("p", {}, t("handoff.help", { name: info.name, color: t(/** @type {any} */ (`color.${info.color}`)) })),
        go,
      ]),
    ]);
    go.focus();
  }

  /** @param {State} state */
  showWaiting(state) {
    this.screen = "waiting";
    const local = tableOf(this.id);
    const main = byId("main");
    const admin = local?.admin;
    const rows = state.seats.map((seat, index) =>
      h("li", {}, [
        h("span", { class: `badge ${seat.color}`, "aria-hidden": "true" }, letterOf(seat.color)),
        ` ${seat.name} · `,
        seat.kind === "human" ? (seat.joined ? t("waiting.seat.joined") : t("waiting.seat.open")) : seat.kind === "bot" ? t("form.seat.bot", { level: seat.level }) : t("form.seat.legend"),
        index === state.seat ? ` (${t("race.you")})` : "",
      ]),
    );
    const made = local
      ? {
          seats: (local.invites ?? []).map((item) => ({ ...item, invite: item.invite })),
          admin: admin ? `${location.origin}/t/${this.id}#admin=${admin}` : null,
          spectate: `${location.origin}/t/${this.id}`,
        }
      : null;
    fill(main, [
      this.status,
      h("h1", {}, t("waiting.title")),
      h("p", {}, this.info.title || this.id),
      h("ul", { class: "table-list" }, rows),
      made && admin ? h("section", { class: "panel" }, [h("h2", {}, t("invite.title")), h("p", {}, t("invite.help")), inviteList(made)]) : null,
      admin
        ? h("p", { class: "row" }, [
            h(
              "button",
              {
                type: "button",
                class: "primary",
                id: "start-now",
                onclick: () => call("POST", `/api/tables/${this.id}/start`, { token: admin }).catch((e) => (this.status.textContent = String(e.message))),
              },
              t("waiting.start"),
            ),
            h(
              "button",
              { type: "button", onclick: () => call("POST", `/api/tables/${this.id}/close`, { token: admin }).catch((e) => (this.status.textContent = String(e.message))) },
              t("waiting.close"),
            ),
          ])
        : null,
    ]);
  }
}
