// @ts-check
/**
 * The race screen: the map, the decision of the moment (hand and gear, React and the other
 * choices) with the engine's preview, every car's public board, the log and the clocks. Built
 * once, then `update` re-applies the latest state; the player's selection lives here until
 * their question changes.
 */
import { Board, letterOf } from "./board.js";
import { cardFace, cardKey, cardName, decisionLabel, parsePlan } from "./cards.js";
import { announce, byId, fill, h } from "./dom.js";
import { percent, t } from "./messages.js";
import { settings } from "./store.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Catalogue} Catalogue */
/** @typedef {import("./types.js").Preview} Preview */
/** @typedef {import("./types.js").PreviewAnswer} PreviewAnswer */
/** @typedef {import("./api.js").TableSocket} TableSocket */

const ZOOMS = [1, 1.6, 2.4, 3.4];

/**
 * Ask before a risky play (a setting, on by default): the reason is the engine's.
 * @param {string} reason
 * @returns {Promise<boolean>}
 */
export function confirmPlay(reason) {
  const dialog = /** @type {HTMLDialogElement} */ (byId("dialog"));
  return new Promise((resolve) => {
    const done = (/** @type {boolean} */ yes) => {
      dialog.close();
      resolve(yes);
    };
    fill(dialog, [
      h("h2", { id: "confirm-title" }, t("race.confirm.title")),
      h("p", { id: "confirm-body" }, t("race.confirm.body", { reason })),
      h("p", { class: "row" }, [
        h("button", { type: "button", class: "primary", id: "confirm-yes", onclick: () => done(true) }, t("race.confirm.yes")),
        h("button", { type: "button", id: "confirm-no", onclick: () => done(false) }, t("race.confirm.no")),
      ]),
    ]);
    dialog.setAttribute("aria-labelledby", "confirm-title");
    dialog.setAttribute("aria-describedby", "confirm-body");
    dialog.onclose = () => resolve(false);
    dialog.showModal();
    byId("confirm-no").focus();
  });
}

/** @param {State} state @param {import("./api.js").TableSocket} socket */
function logLines(state, socket) {
  /** @type {{text: string, notice: boolean}[]} */
  const lines = [];
  const notices = [...socket.notices];
  let next = 0;
  socket.events.forEach((event, index) => {
    while (next < notices.length && notices[next].after_event <= index) lines.push({ text: notices[next++].text, notice: true });
    if (event.text) lines.push({ text: event.text, notice: false });
  });
  while (next < notices.length) lines.push({ text: notices[next++].text, notice: true });
  void state;
  return lines;
}

export class RaceScreen {
  /**
   * @param {HTMLElement} root
   * @param {Catalogue} cat
   * @param {import("./types.js").Geometry} geo
   * @param {{onSeasonHub?: () => void}} [options]
   */
  constructor(root, cat, geo, options = {}) {
    this.root = root;
    this.cat = cat;
    this.board = new Board(geo, { roadNames: Object.fromEntries(Object.entries(cat.road).map(([k, v]) => [k, v.name])) });
    this.zoom = 0;
    /** @type {{key: string, picked: number[], gear: number}} */
    this.selection = { key: "", picked: [], gear: 1 };
    /** @type {Map<string, PreviewAnswer>} */
    this.previews = new Map();
    /** @type {string | null} */
    this.previewShown = null;
    /** @type {State | null} */
    this.state = null;
    /** @type {TableSocket | null} */
    this.socket = null;
    this.busy = false;
    /** @type {boolean | undefined} */
    this.hideHand = undefined;
    /** What the dock was last drawn from (see `update`). */
    this.dockKey = "";
    /** @type {number | undefined} */
    this.eventsSeen = undefined;
    this.head = h("div", { class: "race-head", id: "race-head" });
    this.banner = h("div", { id: "banner" });
    this.mapWrap = h("div", { class: "map-wrap", id: "map" }, [
      h("div", { class: "map-tools" }, [
        h("button", { type: "button", "aria-label": t("race.zoom.out"), onclick: () => this.setZoom(this.zoom - 1) }, "−"),
        h("button", { type: "button", "aria-label": t("race.zoom.in"), onclick: () => this.setZoom(this.zoom + 1) }, "+"),
        h("button", { type: "button", onclick: () => this.setZoom(0) }, t("race.zoom.fit")),
      ]),
      this.board.svg,
    ]);
    this.dock = h("section", { class: "dock", id: "dock", "aria-label": t("race.your_turn") });
    this.carsPanel = h("div", { class: "cars-panel", id: "cars" });
    this.log = h("ol", { class: "log", id: "log", "aria-label": t("race.log") });
    this.legends = h("p", { class: "muted", id: "legends" });
    root.replaceChildren(
      h("div", { class: "race" }, [
        h("div", { class: "race-main" }, [this.head, this.banner, this.mapWrap, this.dock]),
        h("aside", { class: "side" }, [
          options.onSeasonHub
            ? h("button", { type: "button", id: "season-hub", onclick: options.onSeasonHub }, t("race.season_hub"))
            : null,
          h("section", { class: "panel", "aria-labelledby": "cars-title" }, [h("h2", { id: "cars-title" }, t("race.cars")), this.carsPanel, this.legends]),
          h("section", { class: "panel", "aria-labelledby": "log-title" }, [h("h2", { id: "log-title" }, t("race.log")), this.log]),
        ]),
      ]),
    );
    this.keys = (/** @type {KeyboardEvent} */ event) => this.onKey(event);
    document.addEventListener("keydown", this.keys);
    this.ticker = window.setInterval(() => this.renderHead(), 1000);
  }

  destroy() {
    document.removeEventListener("keydown", this.keys);
    window.clearInterval(this.ticker);
  }

  /** @param {number} zoom */
  setZoom(zoom) {
    this.zoom = Math.max(0, Math.min(ZOOMS.length - 1, zoom));
    this.board.svg.style.width = `${ZOOMS[this.zoom] * 100}%`;
    this.board.svg.classList.toggle("zoomed", this.zoom > 0);
    const mine = this.state?.seat;
    const car = mine !== null && mine !== undefined ? this.board.cars.get(mine) : undefined;
    if (car && this.zoom > 0) {
      const box = car.el.getBoundingClientRect();
      const wrap = this.mapWrap.getBoundingClientRect();
      this.mapWrap.scrollBy({ left: box.left - wrap.left - wrap.width / 2, top: box.top - wrap.top - wrap.height / 2 });
    }
  }

  /**
   * Show `state` as `socket`'s seat sees it; `hideHand`: at a shared screen, between players.
   * @param {State} state
   * @param {TableSocket} socket
   * @param {{hideHand?: boolean, names?: string[]}} [options]
   */
  update(state, socket, options = {}) {
    this.state = state;
    this.socket = socket;
    this.hideHand = options.hideHand ?? false;
    const view = state.view;
    if (!view) return;
    const mine = state.seat;
    this.board.updateCars(view.cars, { mine, deciding: state.to_decide, motion: settings().motion });
    const seen = this.eventsSeen ?? socket.events.length;
    for (const event of socket.events.slice(seen)) {
      if (event.type === "SpunOut") this.board.flash(event.seat, "spun");
      else if (event.type === "Moved" && event.blocked) this.board.flash(event.seat, "blocked");
    }
    this.eventsSeen = socket.events.length;
    this.board.updateCorners(view.corners, view.weather, this.cat.weather);
    const key = `${mine}:${state.asked_at}:${state.epoch}:${state.legal.length}`;
    if (key !== this.selection.key) {
      const me = mine !== null ? view.cars[mine] : null;
      this.selection = { key, picked: [], gear: me ? me.gear : 1 };
      this.previews.clear();
      this.board.showPreview(null);
    }
    this.renderHead();
    this.renderBanner();
    // The dock is drawn again only when what it shows changed: another car's move must not
    // replace the buttons under the player's pointer (a click whose press and release land on
    // different elements is lost).
    const me = mine !== null ? view.cars[mine] : null;
    const dockKey = JSON.stringify([
      key,
      this.hideHand,
      state.legal,
      state.can_undo,
      state.legal.length ? null : state.to_decide,
      me?.hand ?? null,
      me?.gear ?? null,
      view.phase,
      view.turn?.seat === mine ? view.turn?.step : null,
      view.draft?.market ?? null,
    ]);
    if (dockKey !== this.dockKey) {
      this.dockKey = dockKey;
      const focused = /** @type {HTMLElement | null} */ (document.activeElement);
      const again = focused && this.dock.contains(focused) ? focused.id || focused.dataset.index || focused.dataset.decision || focused.dataset.gear : null;
      this.renderDock();
      if (again) {
        const found = [...this.dock.querySelectorAll("button")].find(
          (el) => el.id === again || el.dataset.index === again || el.dataset.decision === again || el.dataset.gear === again,
        );
        found?.focus();
      }
    }
    this.renderCars();
    this.renderLog();
  }

  renderHead() {
    const state = this.state;
    const view = state?.view;
    if (!state || !view) return;
    const mine = state.seat;
    const parts = [h("strong", {}, t("race.round", { n: view.round }))];
    if (mine !== null) {
      const me = view.cars[mine];
      parts.push(h("span", {}, t("race.lap", { lap: Math.max(1, Math.min(me.lap, view.laps)), laps: view.laps })));
    } else {
      parts.push(h("span", { class: "tag" }, t("spectator.badge")));
    }
    const deciding = state.to_decide;
    const names = deciding.filter((seat) => seat !== mine).map((seat) => state.seats[seat]?.name ?? String(seat));
    if (mine !== null && deciding.includes(mine) && !this.hideHand) parts.push(h("span", { class: "status", id: "status" }, t("race.your_turn")));
    else if (names.length) parts.push(h("span", { class: "status", id: "status" }, t("race.waiting_for", { names: names.join(", ") })));
    const now = Date.now() / 1000;
    for (const [seat, deadline] of Object.entries(state.clocks)) {
      const left = Math.max(0, Math.round(deadline - now));
      const name = state.seats[Number(seat)]?.name ?? seat;
      parts.push(
        h(
          "span",
          { class: "clock", role: "timer" },
          left > 5400
            ? t("race.clock.days", { name, hours: Math.round(left / 3600) })
            : t("race.clock", { name, time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` }),
        ),
      );
    }
    if (view.weather) parts.push(h("span", {}, t("race.weather", { name: this.cat.weather[view.weather]?.name ?? view.weather })));
    if (view.legends_card !== null) parts.push(h("span", {}, t("race.legends", { n: view.legends_card })));
    fill(this.head, parts);
  }

  renderBanner() {
    const state = this.state;
    if (!state || state.seat === null || !state.standins.includes(state.seat)) {
      fill(this.banner, []);
      return;
    }
    fill(
      this.banner,
      h("div", { class: "banner", role: "status" }, [
        t("race.standin.you"),
        h("button", { type: "button", id: "back", onclick: () => this.socket?.back() }, t("race.standin.back")),
      ]),
    );
  }

  /** The kind of question the legal decisions ask. @param {string[]} legal */
  static kindOf(legal) {
    if (!legal.length) return "none";
    if (legal.every((text) => parsePlan(text))) return "plan";
    if (legal.every((text) => text.startsWith("discard"))) return "discard";
    return "options";
  }

  renderDock() {
    const state = this.state;
    if (!state || !state.view) return;
    const mine = state.seat;
    const view = state.view;
    if (mine === null || this.hideHand) {
      fill(this.dock, h("p", { class: "muted" }, mine === null ? t("spectator.badge") : t("race.nothing")));
      return;
    }
    const me = view.cars[mine];
    const hand = me.hand ?? [];
    const legal = state.legal;
    const kind = RaceScreen.kindOf(legal);
    const undo = state.can_undo
      ? h("button", { type: "button", id: "undo", title: t("race.undo.help"), onclick: () => this.socket?.undo() }, t("race.undo"))
      : null;
    const handRow = (/** @type {boolean} */ picking) =>
      h(
        "div",
        { class: "hand", role: "group", "aria-label": t("race.hand") },
        hand.map((id, index) =>
          cardFace(this.cat, id, picking ? { index, pressed: this.selection.picked.includes(index), onClick: () => this.toggle(index) } : {}),
        ),
      );
    if (kind === "none") {
      fill(this.dock, [
        h("p", { class: "prompt" }, state.to_decide.length ? t("race.waiting_for", { names: state.to_decide.map((s) => state.seats[s]?.name).join(", ") }) : t("race.nothing")),
        handRow(false),
        undo,
      ]);
      return;
    }
    if (kind === "plan" || kind === "discard") {
      const match = this.matched();
      const prompt = kind === "plan" ? t("race.step.plan") : t("race.step.discard");
      const controls = [];
      if (kind === "plan" && !view.tournament) {
        const gears = new Set(legal.map((text) => parsePlan(text)?.gear ?? 0));
        controls.push(
          h("div", { class: "gears", role: "group", "aria-label": t("race.gear") }, [
            h("span", {}, `${t("race.gear")}:`),
            ...[1, 2, 3, 4].map((gear) => {
              // The Heat of shifting to this gear, as the server's engine judges it (B-1.2).
              const heat = state.shift_heat?.[String(gear)] ?? 0;
              const cost = heat ? ` ${t("race.gear.heat", { n: heat })}` : "";
              return h(
                "button",
                {
                  type: "button",
                  "aria-pressed": this.selection.gear === gear ? "true" : "false",
                  "aria-label": `${t("race.gear.n", { n: gear })}${cost}${gear === me.gear ? `, ${t("race.gear.now", { n: gear })}` : ""}`,
                  disabled: !gears.has(gear),
                  "data-gear": gear,
                  onclick: () => this.setGear(gear),
                },
                cost ? [String(gear), h("small", { class: "gear-heat" }, cost)] : String(gear),
              );
            }),
          ]),
        );
      }
      const count = this.selection.picked.length;
      const commitText =
        kind === "plan"
          ? t("race.commit.plan", { gear: match ? (parsePlan(match)?.gear ?? this.selection.gear) : this.selection.gear, count })
          : count
            ? t("race.commit.discard", { count })
            : t("race.commit.keep");
      controls.push(
        h("button", { type: "button", class: "primary", id: "commit", disabled: !match || this.busy, onclick: () => this.commit() }, commitText),
        h("button", { type: "button", id: "clear", disabled: !count, onclick: () => this.clearPicks() }, t("race.clear")),
      );
      if (undo) controls.push(undo);
      let help = "";
      if (!match && kind === "plan") {
        const counts = [...new Set(legal.map((text) => parsePlan(text)).filter((p) => p && p.gear === this.selection.gear).map((p) => p?.cards.length))];
        help = counts.length ? `${t("race.not_legal")} ${t("race.legal_counts", { gear: this.selection.gear, counts: counts.join(", ") })}` : t("race.pick_gear");
      } else if (!match) {
        help = t("race.not_legal");
      }
      const preview = h("div", { class: "preview", id: "preview", "aria-live": "polite" });
      fill(this.dock, [h("p", { class: "prompt" }, prompt), handRow(true), h("div", { class: "row" }, controls), h("p", { class: "muted", id: "help" }, help), preview]);
      if (match && kind === "plan") this.showPreviewOf(match);
      else this.showPreviewOf(null);
      return;
    }
    // Every other question: one button per legal decision.
    const step = view.turn?.seat === mine ? view.turn.step : view.phase;
    const promptId = /** @type {any} */ (`race.step.${["react", "slipstream", "choose", "refresh", "draft"].includes(step) ? step : "other"}`);
    const preview = h("div", { class: "preview", id: "preview", "aria-live": "polite" });
    const buttons = legal.map((text) =>
      h(
        "button",
        {
          type: "button",
          class: text === "done" || text === "no slipstream" ? "" : "primary",
          "data-decision": text,
          disabled: this.busy,
          onclick: () => this.commit(text),
          onfocus: () => this.showPreviewOf(text),
          onmouseenter: () => this.showPreviewOf(text),
        },
        decisionLabel(this.cat, text),
      ),
    );
    const market = view.draft && view.phase === "draft" ? h("div", { class: "hand" }, view.draft.market.map((id) => cardFace(this.cat, id))) : null;
    fill(this.dock, [
      h("p", { class: "prompt" }, t(promptId)),
      market,
      h("div", { class: "options", role: "group", "aria-label": t(promptId) }, buttons),
      undo ? h("p", {}, undo) : null,
      handRow(false),
      preview,
    ]);
    const first = legal.find((text) => text !== "done" && text !== "no slipstream") ?? null;
    if (first && (step === "react" || step === "slipstream")) this.showPreviewOf(first);
  }

  /** The legal decision the picked cards and gear make, if any. */
  matched() {
    const state = this.state;
    if (!state?.view || state.seat === null) return null;
    const hand = state.view.cars[state.seat].hand ?? [];
    const key = cardKey(this.selection.picked.map((i) => hand[i]));
    for (const text of state.legal) {
      if (text.startsWith("discard")) {
        const cards = text === "discard nothing" ? [] : text.split(" ").slice(1);
        if (cardKey(cards) === key) return text;
        continue;
      }
      const plan = parsePlan(text);
      if (!plan || cardKey(plan.cards) !== key) continue;
      if (state.view.tournament || plan.gear === this.selection.gear) return text;
    }
    return null;
  }

  /** @param {number} index */
  toggle(index) {
    const picked = this.selection.picked;
    const at = picked.indexOf(index);
    if (at >= 0) picked.splice(at, 1);
    else picked.push(index);
    this.renderDock();
    const card = /** @type {HTMLElement | null} */ (this.dock.querySelector(`[data-index="${index}"]`));
    card?.focus();
  }

  /** @param {number} gear */
  setGear(gear) {
    this.selection.gear = gear;
    this.renderDock();
    /** @type {HTMLElement | null} */ (this.dock.querySelector(`[data-gear="${gear}"]`))?.focus();
  }

  clearPicks() {
    this.selection.picked = [];
    this.renderDock();
  }

  /**
   * Ask the server for the preview of `text` (kept per question) and draw it.
   * @param {string | null} text
   */
  async showPreviewOf(text) {
    this.previewShown = text;
    const box = this.dock.querySelector("#preview");
    if (!text || !this.socket) {
      this.board.showPreview(null);
      if (box) fill(box, h("span", { class: "muted" }, t("race.preview.none")));
      return;
    }
    let answer = this.previews.get(text);
    if (!answer) {
      answer = await this.socket.preview(text);
      this.previews.set(text, answer);
    }
    if (this.previewShown !== text) return;
    this.board.showPreview(answer.preview);
    const target = this.dock.querySelector("#preview");
    if (target) fill(target, previewBlock(answer.preview));
  }

  /**
   * Commit `text` (default: the picked cards and gear), asking first if the engine says it
   * may spin out or costs Heat and the setting is on.
   * @param {string | null} [text]
   */
  async commit(text = null) {
    const decision = text ?? this.matched();
    const socket = this.socket;
    if (!decision || !socket || this.busy) return;
    if (settings().confirm) {
      let answer = this.previews.get(decision);
      if (!answer) {
        answer = await socket.preview(decision);
        this.previews.set(decision, answer);
      }
      if (answer.confirm && !(await confirmPlay(answer.confirm))) return;
    }
    this.busy = true;
    this.renderDock();
    try {
      const answer = await socket.decide(decision);
      if (answer.type !== "accepted") announce(t("race.refused", { message: answer.message }));
      if (answer.type === "refused") {
        const help = this.dock.querySelector("#help");
        if (help) help.textContent = t("race.refused", { message: answer.message });
      }
    } finally {
      this.busy = false;
      this.renderDock();
    }
  }

  /** Keys: 1-9 pick cards, arrows or +/- the gear, Enter commits, u takes back. @param {KeyboardEvent} event */
  onKey(event) {
    const target = /** @type {HTMLElement} */ (event.target);
    if (["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]")) return;
    const state = this.state;
    if (!state || state.seat === null || this.hideHand) return;
    const kind = RaceScreen.kindOf(state.legal);
    if ((kind === "plan" || kind === "discard") && /^[1-9]$/.test(event.key)) {
      const index = Number(event.key) - 1;
      const hand = state.view?.cars[state.seat].hand ?? [];
      if (index < hand.length) {
        event.preventDefault();
        this.toggle(index);
      }
    } else if (kind === "plan" && (event.key === "ArrowUp" || event.key === "+")) {
      event.preventDefault();
      this.setGear(Math.min(4, this.selection.gear + 1));
    } else if (kind === "plan" && (event.key === "ArrowDown" || event.key === "-")) {
      event.preventDefault();
      this.setGear(Math.max(1, this.selection.gear - 1));
    } else if (event.key === "Enter" && (kind === "plan" || kind === "discard") && target.tagName !== "BUTTON" && target.tagName !== "A") {
      event.preventDefault();
      this.commit();
    } else if (event.key === "u" && state.can_undo) {
      this.socket?.undo();
    }
  }

  renderCars() {
    const state = this.state;
    const view = state?.view;
    if (!state || !view) return;
    const order = view.standings.length ? view.standings : view.cars.map((car) => car.seat);
    /** Sponsorship cards each car won in this race (C-34), counted from the public log. */
    const sponsors = new Map();
    for (const event of this.socket?.events ?? []) {
      if (event.type === "SponsorGained") sponsors.set(event.seat, (sponsors.get(event.seat) ?? 0) + 1);
    }
    fill(
      this.carsPanel,
      order.map((seat) => {
        const car = view.cars[seat];
        const tags = [];
        if (seat === state.seat) tags.push(h("span", { class: "tag" }, t("race.you")));
        if (car.legend) tags.push(h("span", { class: "tag" }, t("car.legend")));
        if (state.to_decide.includes(seat)) tags.push(h("span", { class: "tag" }, t("car.deciding")));
        if (view.phase === "plan" && car.committed) tags.push(h("span", { class: "tag" }, t("car.committed")));
        if (car.finished) tags.push(h("span", { class: "tag" }, t("car.finished")));
        if (state.standins.includes(seat)) tags.push(h("span", { class: "tag bad" }, t("race.standin.badge")));
        if (view.adrenaline_seats.includes(seat)) tags.push(h("span", { class: "tag" }, t("car.adrenaline")));
        const facts = car.legend
          ? [[t("car.space"), car.space], [t("car.lap"), `${Math.max(1, Math.min(car.lap, view.laps))}/${view.laps}`]]
          : [
              [t("car.space"), car.space],
              [t("car.lap"), `${Math.max(1, Math.min(car.lap, view.laps))}/${view.laps}`],
              [t("car.gear"), car.gear],
              [t("car.engine"), car.engine],
              [t("car.hand"), car.hand_count],
              [t("car.deck"), car.deck_count],
              [t("car.discard"), car.discard_count],
              [t("car.discard_top"), car.discard_top ? cardName(this.cat, car.discard_top) : "–"],
            ];
        if (state.season && !car.legend) facts.push([t("car.sponsors"), sponsors.get(seat) ?? 0]);
        return h("article", { class: `car-card${seat === state.seat ? " mine" : ""}`, "data-seat": seat, "aria-label": car.name }, [
          h("div", { class: "who" }, [h("span", { class: `badge ${car.color}`, "aria-hidden": "true" }, letterOf(car.color)), car.name, ...tags]),
          h(
            "dl",
            { class: "facts" },
            facts.flatMap(([label, value]) => [h("div", {}, [h("dt", {}, String(label)), h("dd", {}, String(value))])]),
          ),
          car.upgrades.length ? h("p", { class: "muted" }, `${t("car.upgrades")}: ${car.upgrades.map((id) => cardName(this.cat, id)).join(", ")}`) : null,
          car.play && car.play.length ? h("p", { class: "muted" }, `${t("car.play")}: ${car.play.map((id) => cardName(this.cat, id)).join(", ")}`) : null,
        ]);
      }),
    );
    const left = view.legends_to_come.length ? t("race.legends.left", { list: view.legends_to_come.join(", ") }) : "";
    this.legends.textContent = left;
  }

  renderLog() {
    const state = this.state;
    const socket = this.socket;
    if (!state || !socket) return;
    const lines = logLines(state, socket).slice(-150);
    const atEnd = this.log.scrollTop + this.log.clientHeight >= this.log.scrollHeight - 20;
    fill(this.log, lines.map((line) => h("li", { class: line.notice ? "notice" : "" }, line.text)));
    if (atEnd) this.log.scrollTop = this.log.scrollHeight;
    const last = lines[lines.length - 1];
    if (last && last.text !== this.lastAnnounced) {
      this.lastAnnounced = last.text;
      announce(last.text);
    }
  }
}

/**
 * The preview in words and bars: Speeds with their chances, landing spaces, Heat, spin-outs.
 * @param {Preview | null} preview
 */
export function previewBlock(preview) {
  if (!preview) return h("span", { class: "muted" }, t("race.preview.none"));
  const top = Math.max(...preview.speeds.map(([, p]) => p));
  return h("div", {}, [
    h("strong", {}, t("race.preview")),
    h("span", { class: "sr-only" }, preview.summary),
    h(
      "div",
      { class: "speed-bars", "aria-hidden": "true" },
      preview.speeds.map(([speed, chance]) =>
        h("div", { style: `height:${Math.max(4, (chance / top) * 100)}%`, title: `${speed}: ${percent(chance)}` }, h("span", {}, String(speed))),
      ),
    ),
    h("p", { style: "margin-top:1.3rem" }, [
      `${t("race.preview.speed")}: `,
      preview.speeds.map(([speed, chance]) => `${speed} (${percent(chance)})`).join(", "),
    ]),
    h("p", {}, [
      `${t("race.preview.lands")}: `,
      preview.landing
        .map(([space, lap, chance]) => `${t("race.preview.space_lap", { space, lap })} (${percent(chance)})`)
        .join(", "),
    ]),
    preview.heat_now ? h("p", {}, t("race.preview.heat_now", { n: preview.heat_now })) : null,
    h("p", {}, t("race.preview.expected", { n: Math.round(preview.expected_heat * 10) / 10 })),
    ...preview.corners.map((risk) =>
      h(
        "p",
        {},
        t("race.preview.corner", {
          n: risk.corner,
          limit: risk.limit,
          heat: Math.round(risk.heat * 10) / 10,
          spin: percent(risk.spin_chance),
          chance: percent(risk.chance),
        }),
      ),
    ),
    h("p", { class: preview.spin_chance > 0 ? "spin" : "" }, t("race.preview.spin", { p: percent(preview.spin_chance) })),
  ]);
}
