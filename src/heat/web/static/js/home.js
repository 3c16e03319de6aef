// @ts-check
/** Home and lobby: race bots in one click, create a table with every option, public tables and
 * the player's own tables (kept in this browser). */
import { ApiError, call, once } from "./api.js";
import { Board } from "./board.js";
import { byId, fill, h } from "./dom.js";
import { t } from "./messages.js";
import { forgetTable, keepTable, settings, tables } from "./store.js";

const COLORS = ["red", "blue", "green", "yellow", "black", "gray"];
const LEVELS = ["random", "rookie", "club", "pro", "champion"];

/** @param {string} text */
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Create a table and keep its tokens: the seats marked `here` are played at this screen.
 * @param {Record<string, unknown>} body
 * @param {boolean[]} here
 */
export async function createTable(body, here) {
  const made = await call("POST", "/api/tables", { body });
  const name = settings().name || t("player.default");
  const local = [];
  const invites = [];
  for (const seat of made.seats) {
    if (!seat.token) continue;
    if (here[seat.seat]) local.push({ seat: seat.seat, token: seat.token, color: seat.color, name: local.length === 0 ? name : capital(t(/** @type {any} */ (`color.${seat.color}`))) });
    else invites.push({ seat: seat.seat, color: seat.color, invite: seat.invite });
  }
  keepTable({
    table: made.table,
    title: String(body.title || ""),
    mode: String(body.mode || "race"),
    seats: local,
    admin: made.admin_token,
    invites,
    spectate: made.spectate,
    created: Date.now(),
  });
  return made;
}

async function quickRace() {
  const button = /** @type {HTMLButtonElement} */ (byId("quick"));
  button.disabled = true;
  try {
    const made = await createTable(
      {
        seats: [{ kind: "human" }, { kind: "bot", level: "club" }, { kind: "bot", level: "club" }, { kind: "bot", level: "club" }],
        track: "usa",
        title: t("home.quick.title"),
      },
      [true],
    );
    location.assign(`/t/${made.table}`);
  } catch (error) {
    button.disabled = false;
    byId("quick-error").textContent = t("form.error", { message: String(/** @type {Error} */ (error).message) });
  }
}

/** @param {string} id @param {string} label @param {HTMLElement} control */
function field(id, label, control) {
  control.id = id;
  return h("label", { for: id }, [h("span", {}, label), control]);
}

/** @param {string} id @param {string} label @param {boolean} [checked] */
function check(id, label, checked = false) {
  return h("label", { for: id, class: "check" }, [h("input", { type: "checkbox", id, checked }), " ", label]);
}

/** @param {[string, string][]} options @param {string} [selected] */
function select(options, selected) {
  return h(
    "select",
    {},
    options.map(([value, label]) => h("option", { value, selected: value === selected }, label)),
  );
}

/** @param {import("./types.js").Catalogue} cat */
function createForm(cat) {
  const seatKinds = [
    ["here", t("form.seat.here")],
    ["invite", t("form.seat.invite")],
    ...LEVELS.map((level) => [`bot:${level}`, t("form.seat.bot", { level: t(/** @type {any} */ (`level.${level}`)) })]),
    ["legend", t("form.seat.legend")],
    ["none", t("form.seat.none")],
  ];
  const defaults = ["here", "invite", "bot:club", "legend", "none", "none"];
  const seatRows = defaults.map((kind, index) => {
    const n = index + 1;
    const who = select(/** @type {[string, string][]} */ (seatKinds), kind);
    who.id = `seat-kind-${index}`;
    who.setAttribute("aria-label", t("form.seat.kind", { n }));
    const color = select([["", t("form.seat.random")], ...COLORS.map((c) => /** @type {[string, string]} */ ([c, t(/** @type {any} */ (`color.${c}`))]))]);
    color.id = `seat-color-${index}`;
    color.setAttribute("aria-label", t("form.seat.color", { n }));
    return h("div", { class: "seat-row" }, [h("span", {}, t("form.seat", { n })), who, color]);
  });
  const error = h("p", { class: "error", role: "alert" });
  const form = h("form", { id: "create-form", class: "panel" }, [
    h("h2", {}, t("home.create")),
    h("div", { class: "form-grid" }, [
      field("f-mode", t("form.mode"), select([["race", t("form.mode.race")], ["championship", t("form.mode.championship")]])),
      field("f-title", t("form.title"), h("input", { type: "text", maxlength: 60 })),
      field("f-track", t("form.track"), select(cat.tracks.map((track) => [track.id, track.name]), "usa")),
      field("f-laps", t("form.laps"), h("input", { type: "number", min: 1, max: 20, placeholder: t("form.laps.default") })),
      field("f-season", t("form.season"), select([["1961", "1961"], ["1962", "1962"], ["1963", "1963"], ["custom", t("form.season.custom")], ["goat", t("form.season.goat")]])),
      field(
        "f-garage",
        t("form.garage"),
        select([["", t("form.garage.none")], ["regular", t("form.garage.regular")], ["advanced", t("form.garage.advanced")], ["all", t("form.garage.all")]]),
      ),
      field("f-pro", t("form.pro_legends"), h("input", { type: "number", min: 0, max: 10, value: 0 })),
      field("f-clock", t("form.clock"), select([["live", t("form.clock.live")], ["correspondence", t("form.clock.correspondence")]])),
      field("f-seconds", t("form.seconds"), h("input", { type: "number", min: 1, max: 86400, value: 60 })),
      field("f-days", t("form.days"), h("input", { type: "number", min: 1, max: 30, value: 3 })),
      field("f-standin", t("form.standin"), select(LEVELS.map((l) => [l, t(/** @type {any} */ (`level.${l}`))]), "club")),
    ]),
    h("div", { class: "form-grid" }, [
      check("f-practice", t("form.practice")),
      check("f-quick", t("form.quick_upgrades")),
      check("f-weather", t("form.weather")),
      check("f-tournament", t("form.tournament")),
      check("f-aggressive", t("form.aggressive_legends"), true),
      check("f-listed", t("form.listed")),
    ]),
    h("fieldset", {}, [h("legend", {}, t("form.seats")), ...seatRows]),
    error,
    h("button", { type: "submit", class: "primary" }, t("form.create")),
  ]);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const value = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (byId(id)).value;
    const checked = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (byId(id)).checked;
    const mode = value("f-mode");
    const seats = [];
    const here = [];
    for (let i = 0; i < 6; i++) {
      const kind = value(`seat-kind-${i}`);
      if (kind === "none") continue;
      const color = value(`seat-color-${i}`) || undefined;
      if (kind === "here" || kind === "invite") seats.push({ kind: "human", color });
      else if (kind === "legend") seats.push({ kind: "legend", color });
      else seats.push({ kind: "bot", level: kind.slice(4), color });
      here.push(kind === "here");
    }
    /** @type {Record<string, unknown>} */
    const body = {
      mode,
      seats,
      title: value("f-title"),
      track: value("f-track"),
      tournament: checked("f-tournament"),
      pro_legends: Number(value("f-pro") || 0),
      aggressive_legends: checked("f-aggressive"),
      clock: value("f-clock"),
      listed: checked("f-listed"),
      standin_level: value("f-standin"),
    };
    if (value("f-clock") === "live") body.seconds = Number(value("f-seconds") || 60);
    else body.days = Number(value("f-days") || 3);
    if (mode === "race") {
      if (value("f-laps")) body.laps = Number(value("f-laps"));
      body.practice = checked("f-practice");
      body.weather = checked("f-weather");
      body.quick_upgrades = checked("f-quick");
      if (value("f-garage")) body.garage = value("f-garage");
    } else {
      body.season = value("f-season");
      if (value("f-garage")) body.garage = value("f-garage");
    }
    try {
      const made = await createTable(body, here);
      if (here.filter(Boolean).length === 0 || seats.some((seat, i) => seat.kind === "human" && !here[i])) {
        showInvites(made);
      } else {
        location.assign(`/t/${made.table}`);
      }
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : String(failure);
      error.textContent = t("form.error", { message });
    }
  });
  return form;
}

/**
 * The links to send: one per invited seat, the admin link, the spectators' link.
 * @param {any} made
 */
export function inviteList(made) {
  const rows = made.seats
    .filter((/** @type {any} */ seat) => seat.invite)
    .map((/** @type {any} */ seat) => linkRow(t("invite.seat", { color: t(/** @type {any} */ (`color.${seat.color}`)) }), seat.invite));
  if (made.admin) rows.push(linkRow(t("invite.admin"), made.admin));
  if (made.spectate) rows.push(linkRow(t("invite.spectate"), made.spectate));
  return h("ul", { class: "invite-list" }, rows);
}

/** @param {string} label @param {string} link */
function linkRow(label, link) {
  const input = h("input", { type: "text", readonly: true, value: link, "aria-label": label });
  const button = h(
    "button",
    {
      type: "button",
      onclick: async () => {
        input.select();
        try {
          await navigator.clipboard.writeText(link);
        } catch {
          document.execCommand("copy");
        }
        button.textContent = t("invite.copied");
      },
    },
    t("invite.copy"),
  );
  return h("li", {}, [h("span", {}, label), input, button]);
}

/** @param {any} made */
function showInvites(made) {
  const main = byId("main");
  fill(main, [
    h("h1", {}, t("invite.title")),
    h("p", {}, t("invite.help")),
    inviteList(made),
    h("p", {}, h("a", { class: "button primary", href: `/t/${made.table}` }, t("invite.go"))),
  ]);
  main.focus();
}

/** @param {any} table */
function seatsText(table) {
  return table.seats.map((/** @type {any} */ s) => `${s.name}${s.kind === "human" && !s.joined ? ` (${t("waiting.seat.open")})` : ""}`).join(", ");
}

async function loadPublic(list) {
  try {
    const found = await call("GET", "/api/tables?status=waiting,playing");
    if (!found.tables.length) {
      fill(list, h("li", { class: "muted" }, t("home.public.none")));
      return;
    }
    fill(
      list,
      found.tables.map((/** @type {any} */ table) =>
        h("li", {}, [
          h("strong", {}, table.title || table.table),
          h("span", { class: "muted" }, `${t(/** @type {any} */ (`status.${table.status}`))} · ${seatsText(table)}`),
          h("a", { href: `/t/${table.table}`, "aria-label": t("home.watch.label", { title: table.title || table.table }) }, t("home.watch")),
        ]),
      ),
    );
  } catch (error) {
    fill(list, h("li", { class: "error" }, t("error.network", { message: String(error) })));
  }
}

/** @param {HTMLElement} list */
function showMine(list) {
  const mine = tables();
  if (!mine.length) {
    fill(list, h("li", { class: "muted" }, t("home.mine.none")));
    return;
  }
  fill(
    list,
    mine.map((entry) => {
      const title = entry.title || entry.table;
      const status = h("span", { class: "muted" }, "");
      call("GET", `/api/tables/${entry.table}`)
        .then((info) => (status.textContent = `${t(/** @type {any} */ (`status.${info.status}`))} · ${seatsText(info)}`))
        .catch(() => (status.textContent = ""));
      return h("li", {}, [
        h("strong", {}, title),
        status,
        h("a", { href: `/t/${entry.table}`, "aria-label": t("home.continue.label", { title }) }, t("home.continue")),
        h(
          "button",
          {
            type: "button",
            class: "ghost",
            "aria-label": t("home.forget.label", { title }),
            onclick: () => {
              forgetTable(entry.table);
              showMine(list);
            },
          },
          t("home.forget"),
        ),
      ]);
    }),
  );
}

export async function showHome() {
  const main = byId("main");
  document.title = t("app.title");
  const publicList = h("ul", { class: "table-list", id: "public-tables" }, h("li", { class: "muted" }, t("home.loading")));
  const mineList = h("ul", { class: "table-list", id: "my-tables" });
  const mapSlot = h("div", { class: "hero-map" });
  const formSlot = h("div");
  fill(main, [
    h("section", { class: "hero panel" }, [
      h("div", {}, [
        h("h1", {}, t("app.title")),
        h("p", {}, t("app.tagline")),
        h("button", { type: "button", id: "quick", class: "primary big", onclick: quickRace }, t("home.quick")),
        h("p", { class: "muted" }, t("home.quick.help")),
        h("p", { id: "quick-error", class: "error", role: "alert" }),
      ]),
      mapSlot,
    ]),
    h("section", { class: "panel", "aria-labelledby": "mine-title" }, [h("h2", { id: "mine-title" }, t("home.mine")), mineList]),
    h("section", { class: "panel", "aria-labelledby": "public-title" }, [h("h2", { id: "public-title" }, t("home.public")), publicList]),
    formSlot,
  ]);
  showMine(mineList);
  loadPublic(publicList);
  try {
    const [cat, geo] = await Promise.all([once("/api/cards"), once("/api/tracks/usa")]);
    fill(formSlot, createForm(cat));
    const board = new Board(geo);
    fill(mapSlot, board.svg);
  } catch (error) {
    fill(formSlot, h("p", { class: "error" }, t("error.network", { message: String(error) })));
  }
}
