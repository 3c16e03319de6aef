// @ts-check
/**
 * Every text of the page, by id, in English (the source text), and `t`, which gives it in the
 * language of the page. The English texts are messages of the `web` catalogue: `N_` and
 * `ngettext` mark them for `scripts/i18n` (Babel's JavaScript extractor), which puts them in
 * `src/heat/locale/LANG/LC_MESSAGES/web.po` beside the server's; the server gives the page a
 * language's translations as JSON (`GET /i18n/LANG.json`, heat.web.catalogue). `{name}` marks a
 * value filled in by `t`. Texts that need the rules (the log, the preview's summary, the reason
 * to confirm, the statistics' row labels) come from the server, in the same language.
 */

/** The languages of the page, English first (the source text). */
export const LANGUAGES = /** @type {const} */ (["en", "fi", "fr", "de"]);
/** Each language's name in that language (shown as it is in every language). */
export const LANGUAGE_NAMES = { en: "English", fi: "suomi", fr: "français", de: "Deutsch" };
const KEPT = "heat.lang";
const COOKIE = "heat_lang";

/**
 * Marks a message for extraction; the English text.
 * @param {string} text
 */
function N_(text) {
  return text;
}

/**
 * Marks a plural message for extraction (Babel's `ngettext` keyword): its English forms, chosen
 * by `t` with the `count` parameter and the language's plural rule.
 * @param {string} one
 * @param {string} other
 * @returns {{one: string, other: string}}
 */
function ngettext(one, other) {
  return { one, other };
}

export const MESSAGES = {
  "app.title": N_("Heat: Pedal to the Metal"),
  "app.tagline": N_("Race against bots, at one screen with friends, or online."),
  "nav.home": N_("Home"),
  "nav.skip": N_("Skip to the main content"),
  "nav.page": N_("Page"),
  "player.default": N_("Player"),
  "settings.title": N_("Settings"),
  "settings.theme": N_("Colours"),
  "settings.theme.auto": N_("As the system"),
  "settings.theme.light": N_("Light"),
  "settings.theme.dark": N_("Dark"),
  "settings.confirm": N_("Ask before a play that may spin out or costs Heat"),
  "settings.motion": N_("Animate the cars"),
  "settings.name": N_("Your name"),
  "home.quick": N_("Race now"),
  "home.quick.help": N_("USA, 2 laps: you against 3 club bots."),
  "home.quick.title": N_("USA vs club bots"),
  "home.create": N_("Create a table"),
  "home.public": N_("Public tables"),
  "home.public.none": N_("No public table is open right now."),
  "home.mine": N_("Your tables"),
  "home.mine.none": N_("Tables you create or join are kept here, in this browser."),
  "home.watch": N_("Watch"),
  "home.continue": N_("Continue"),
  "home.forget": N_("Forget"),
  "home.forget.label": N_("Forget table {title}"),
  "home.continue.label": N_("Continue table {title}"),
  "home.watch.label": N_("Watch table {title}"),
  "home.loading": N_("Loading…"),
  "status.waiting": N_("waiting for players"),
  "status.playing": N_("racing"),
  "status.over": N_("over"),
  "status.closed": N_("closed"),
  "form.mode": N_("Game"),
  "form.mode.race": N_("A single race"),
  "form.mode.championship": N_("A championship"),
  "form.track": N_("Track"),
  "form.laps": N_("Laps"),
  "form.laps.default": N_("the track's"),
  "form.practice": N_("Practice race (1 lap, the rulebook's first race)"),
  "form.garage": N_("Garage module (Upgrade cards)"),
  "form.garage.none": N_("No Garage"),
  "form.garage.regular": N_("Regular deck"),
  "form.garage.advanced": N_("Advanced deck"),
  "form.garage.all": N_("Every Upgrade card"),
  "form.quick_upgrades": N_("Quick start: Upgrades dealt, no draft"),
  "form.weather": N_("Weather and Road Conditions"),
  "form.tournament": N_("Tournament mode"),
  "form.pro_legends": N_("Pro Legends (Top Speed bonus)"),
  "form.aggressive_legends": N_("Aggressive Legends (Great Britain's chevrons)"),
  "form.season": N_("Season"),
  "form.season.custom": N_("Custom"),
  "form.season.goat": N_("Greatest of all time (every season)"),
  "form.clock": N_("Time control"),
  "form.clock.live": N_("Live: seconds per decision"),
  "form.clock.correspondence": N_("Correspondence: days per decision"),
  "form.seconds": N_("Seconds per decision"),
  "form.days": N_("Days per decision"),
  "form.standin": N_("Stand-in bot level"),
  "form.listed": N_("List the table in the lobby"),
  "form.title": N_("Title"),
  "form.seats": N_("Seats"),
  "form.seat": N_("Seat {n}"),
  "form.seat.kind": N_("Seat {n}: who drives"),
  "form.seat.color": N_("Seat {n}: colour"),
  "form.seat.here": N_("A player at this screen"),
  "form.seat.invite": N_("A player I invite"),
  "form.seat.bot": N_("Bot: {level}"),
  "form.seat.legend": N_("Legend"),
  "form.seat.none": N_("Nobody"),
  "form.seat.random": N_("Any colour"),
  "form.create": N_("Create the table"),
  "form.error": N_("The table could not be created: {message}"),
  "level.random": N_("random"),
  "level.rookie": N_("rookie"),
  "level.club": N_("club"),
  "level.pro": N_("pro"),
  "level.champion": N_("champion"),
  "invite.title": N_("Invite your friends"),
  "invite.help": N_("Send each friend the link of their seat. Whoever has a link can play that seat."),
  "invite.seat": N_("{color} seat"),
  "invite.copy": N_("Copy"),
  "invite.copied": N_("Copied"),
  "invite.admin": N_("Your admin link (start early, free a seat, close the table)"),
  "invite.spectate": N_("Link for spectators"),
  "invite.go": N_("Go to the table"),
  "waiting.title": N_("Waiting for the players"),
  "waiting.seat.open": N_("open"),
  "waiting.seat.joined": N_("joined"),
  "waiting.start": N_("Start now (bots take the open seats)"),
  "waiting.close": N_("Close the table"),
  "join.title": N_("Take your seat"),
  "join.help": N_("You were invited to drive the {color} car."),
  "join.name": N_("Your display name"),
  "join.go": N_("Join the race"),
  "spectator.badge": N_("You are watching"),
  "race.round": N_("Round {n}"),
  "race.lap": N_("Lap {lap}/{laps}"),
  "race.you": N_("you"),
  "race.your_turn": N_("Your decision"),
  "race.waiting_for": N_("Waiting for {names}"),
  "race.nothing": N_("Nothing to decide now"),
  "race.step.plan": N_("Choose your gear and play that many cards, face down"),
  "race.step.react": N_("React: use your symbols, one at a time, then Done"),
  "race.step.slipstream": N_("Slipstream?"),
  "race.step.discard": N_("Discard the cards you do not want (or none)"),
  "race.step.choose": N_("Choose the Speed of a card"),
  "race.step.refresh": N_("Refresh"),
  "race.step.draft": N_("Garage draft: take an Upgrade card"),
  "race.step.other": N_("Choose"),
  "race.hand": N_("Your hand"),
  "race.gear": N_("Gear"),
  "race.gear.n": N_("Gear {n}"),
  "race.gear.now": N_("now in gear {n}"),
  "race.gear.heat": N_("+{n} Heat"),
  "race.commit": N_("Commit"),
  "race.commit.plan": ngettext("Commit: gear {gear}, {count} card", "Commit: gear {gear}, {count} cards"),
  "race.commit.discard": ngettext("Discard {count} card", "Discard {count} cards"),
  "race.commit.keep": N_("Discard nothing"),
  "race.clear": N_("Clear"),
  "race.undo": N_("Take back"),
  "race.undo.help": N_("Take back your last decision (until it is revealed)"),
  "race.not_legal": N_("Not a legal play yet."),
  "race.legal_counts": N_("In gear {gear}, play this many cards: {counts}."),
  "race.pick_gear": N_("This gear cannot be played now."),
  "race.preview": N_("Preview"),
  "race.preview.none": N_("Pick a legal play to see where it leads."),
  "race.preview.speed": N_("Speed"),
  "race.preview.lands": N_("Lands on"),
  "race.preview.space": N_("space {space}"),
  "race.preview.space_lap": N_("space {space}, lap {lap}"),
  "race.preview.heat_now": N_("Heat to pay first: {n}"),
  "race.preview.expected": N_("Expected Heat this turn: {n}"),
  "race.preview.spin": N_("Chance of a spin-out: {p}"),
  "race.preview.corner": N_("Corner {n} (limit {limit}): {heat} Heat, spin {spin}, crossed {chance}"),
  "race.confirm.title": N_("Are you sure?"),
  "race.confirm.body": N_("This play {reason}."),
  "race.confirm.yes": N_("Play it"),
  "race.confirm.no": N_("Think again"),
  "race.refused": N_("Not accepted: {message}"),
  "race.standin.you": N_("Your stand-in bot is driving for you."),
  "race.standin.back": N_("I am back"),
  "race.standin.badge": N_("stand-in"),
  "race.log": N_("Race log"),
  "race.cars": N_("Cars"),
  "race.clock": N_("{name}: {time} left"),
  "race.clock.days": N_("{name}: {hours} h left"),
  "race.weather": N_("Weather: {name}"),
  "race.legends": N_("Legends card {n}"),
  "race.legends.left": N_("Legends cards left: {list}"),
  "race.connection.lost": N_("Connection lost: trying again…"),
  "race.connection.error": N_("{message}"),
  "race.zoom.in": N_("Zoom in"),
  "race.zoom.out": N_("Zoom out"),
  "race.zoom.fit": N_("Whole track"),
  "race.map": N_("Track map of {track}"),
  "race.season_hub": N_("Championship"),
  "race.back_to_race": N_("Back to the race"),
  "car.gear": N_("Gear"),
  "car.engine": N_("Engine"),
  "car.hand": N_("Hand"),
  "car.deck": N_("Deck"),
  "car.discard": N_("Discard"),
  "car.discard_top": N_("Discard top"),
  "car.lap": N_("Lap"),
  "car.space": N_("Space"),
  "car.upgrades": N_("Upgrades"),
  "car.sponsors": N_("Sponsors won"),
  "car.adrenaline": N_("Adrenaline"),
  "car.finished": N_("finished"),
  "car.spun": N_("spun out"),
  "car.legend": N_("Legend"),
  "car.committed": N_("ready"),
  "car.deciding": N_("deciding"),
  "car.play": N_("Played"),
  "car.label": N_("{name}, {color} car ({letter}), space {space}, lap {lap}"),
  "card.speed": N_("Speed {n}"),
  "card.label": N_("{name}"),
  "card.picked": N_("picked"),
  "card.heat": N_("Heat card"),
  "card.stress": N_("Stress card"),
  "symbol.plus": N_("+{n} flip"),
  "symbol.heat": N_("{n} Heat"),
  "symbol.scrap": N_("Scrap {n}"),
  "symbol.adjust": N_("Limit {n}"),
  "symbol.cooldown": N_("Cool {n}"),
  "symbol.slipstream": N_("Slip +{n}"),
  "symbol.reduce_stress": N_("−{n} Stress"),
  "symbol.salvage": N_("Salvage {n}"),
  "symbol.refresh": N_("Refresh"),
  "symbol.direct": N_("Direct"),
  "symbol.accelerate": N_("Accelerate"),
  "symbol.one_time": N_("One use"),
  "decision.done": N_("Done"),
  "decision.boost": N_("Boost"),
  "decision.cooldown": N_("Cool down {n}"),
  "decision.cooldown.from": N_("Cool down {n} ({source})"),
  "decision.move.from": N_("Move {n} more ({source})"),
  "decision.slipstream": N_("Slipstream"),
  "decision.slipstream.n": N_("Slipstream {n} spaces"),
  "decision.no_slipstream": N_("No slipstream"),
  "decision.discard": N_("Discard {cards}"),
  "decision.discard_nothing": N_("Discard nothing"),
  "decision.speed": N_("Speed {n} for {card}"),
  "decision.symbol": N_("{symbol} {n} ({source})"),
  "decision.symbol.plain": N_("{symbol} ({source})"),
  "decision.refresh": N_("Refresh {cards}"),
  "decision.refresh_nothing": N_("Refresh nothing"),
  "decision.draft": N_("Take {card}"),
  "decision.swap": N_("Swap {old} for {new}"),
  "decision.no_swap": N_("No swap"),
  "decision.keep": N_("Keep {card}"),
  "decision.salvage": N_("Salvage {cards} ({source})"),
  "source.adrenaline": N_("Adrenaline"),
  "handoff.title": N_("Hand the device to {name}"),
  "handoff.help": N_("{name} drives the {color} car. Everyone else, look away: the next screen shows {name}'s hand."),
  "handoff.go": N_("I am {name}: show my hand"),
  "results.title": N_("Results"),
  "results.standings": N_("Standings"),
  "results.place": N_("Place"),
  "results.driver": N_("Driver"),
  "results.points": N_("Points"),
  "results.hall": N_("Hall of Fame"),
  "results.stats": N_("Statistics"),
  "results.chart": N_("Position, round by round"),
  "results.chart.label": N_("A chart of every car's position at the end of each round"),
  "results.chart.round": N_("round"),
  "results.rematch": N_("Rematch"),
  "results.rematch.open": N_("Go to the rematch"),
  "results.download": N_("Download the record"),
  "results.replay": N_("Watch the replay"),
  "results.home": N_("Back home"),
  "results.ended": N_("The race is over."),
  "replay.title": N_("Replay"),
  "replay.first": N_("Start"),
  "replay.back": N_("Back"),
  "replay.forward": N_("Forward"),
  "replay.last": N_("End"),
  "replay.round_back": N_("Previous round"),
  "replay.round_forward": N_("Next round"),
  "replay.step": N_("Step {n} of {total}"),
  "replay.decision": N_("{name}: {decision}"),
  "replay.position": N_("Step"),
  "season.title": N_("Championship {season}"),
  "season.race": N_("Race {n} of {total}"),
  "season.event": N_("Event card"),
  "season.scorepad": N_("Scorepad"),
  "season.total": N_("Total"),
  "season.market": N_("Upgrade market"),
  "season.upgrades": N_("Upgrade cards"),
  "season.sponsors": N_("Sponsorship cards"),
  "season.grid": N_("Next grid"),
  "season.goat": N_("Totals"),
  "season.decide": N_("Your choice"),
  "season.step.draft": N_("Take one Upgrade card from the market for your car."),
  "season.step.swap": N_("Swap one of your Upgrade cards for one in the market, or keep yours."),
  "season.step.keep": N_("Choose the one Upgrade card you keep for the next season."),
  "season.waiting": N_("Waiting for {names}"),
  "season.over": N_("The championship is over."),
  "season.champion": N_("Champion: {name}"),
  "error.title": N_("Something went wrong"),
  "error.not_found": N_("There is no such table."),
  "error.network": N_("The server cannot be reached: {message}"),
  "color.red": N_("red"),
  "color.blue": N_("blue"),
  "color.green": N_("green"),
  "color.yellow": N_("yellow"),
  "color.black": N_("black"),
  "color.gray": N_("gray"),
  "map.corner": N_("Corner {n}, Speed Limit {limit}"),
  "map.corner.short": N_("C{n}"),
  "map.finish": N_("Finish"),
  "map.press": N_("Press"),
  "map.spun": N_("Spun out!"),
  "map.blocked": N_("Blocked"),
  "map.risk.heat": N_("{n} Heat"),
  "map.risk.spin": N_("spin {p}"),
  "map.road": N_("Road Conditions: {name}"),
  "map.chevron": N_("Chevron space"),
  "nav.language": N_("Language"),
  "percent.below": N_("<{p}"),
  "percent.above": N_(">{p}"),
  "settings.ok": N_("OK"),
};

/** @typedef {keyof typeof MESSAGES} MessageId */

/**
 * The page's language and its catalogue (English: none, the source text).
 * @type {{language: string, messages: Record<string, string | string[]>, plural: Record<string, number>,
 *   rules: Intl.PluralRules, numbers: Intl.NumberFormat, percents: Intl.NumberFormat}}
 */
const speaking = {
  language: "en",
  messages: {},
  plural: { one: 0, other: 1 },
  rules: new Intl.PluralRules("en"),
  numbers: new Intl.NumberFormat("en", { maximumFractionDigits: 2, useGrouping: false }),
  percents: new Intl.NumberFormat("en", { style: "percent" }),
};

/** The language the page speaks. */
export function language() {
  return speaking.language;
}

/**
 * The language chosen on this browser (the switch), else the first of the browser's preferred
 * languages that the page speaks, else English. A test server's pseudo-language `xx` is taken
 * when it was chosen (its catalogue is served by such a server only).
 * @returns {string}
 */
export function chosenLanguage() {
  let kept = null;
  try {
    kept = localStorage.getItem(KEPT);
  } catch {
    kept = null;
  }
  if (kept && (LANGUAGES.includes(/** @type {any} */ (kept)) || kept === "xx")) return kept;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const code = tag.split("-")[0].toLowerCase();
    if (LANGUAGES.includes(/** @type {any} */ (code))) return code;
  }
  return "en";
}

/**
 * Keep `code` as this browser's language: in `localStorage` for the page and in the `heat_lang`
 * cookie, which the server reads to speak the same language (a year).
 * @param {string} code
 */
export function keepLanguage(code) {
  localStorage.setItem(KEPT, code);
  document.cookie = `${COOKIE}=${encodeURIComponent(code)}; path=/; max-age=31536000; SameSite=Lax`;
}

/**
 * Speak `code`: load its catalogue from the server (English needs none; a catalogue that cannot
 * be had leaves the page in English).
 * @param {string} code
 */
export async function speak(code) {
  let language = "en";
  let messages = {};
  let plural = { one: 0, other: 1 };
  if (code !== "en") {
    try {
      const response = await fetch(`/i18n/${encodeURIComponent(code)}.json`);
      if (response.ok) {
        const data = await response.json();
        ({ language, messages, plural } = data);
      }
    } catch {
      language = "en";
    }
  }
  // The pseudo-language writes numbers and plurals as English does.
  const locale = LANGUAGES.includes(/** @type {any} */ (language)) ? language : "en";
  Object.assign(speaking, {
    language,
    messages,
    plural,
    rules: new Intl.PluralRules(locale),
    numbers: new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }),
    percents: new Intl.NumberFormat(locale, { style: "percent" }),
  });
  document.documentElement.lang = locale;
}

/**
 * The text of `id` in the page's language with each `{key}` replaced by `params[key]` (a number
 * written as the language writes it); a plural message takes the form of `params.count`.
 * @param {MessageId} id
 * @param {Record<string, string | number>} [params]
 * @returns {string}
 */
export function t(id, params) {
  const source = MESSAGES[id];
  let text;
  if (source === undefined) text = id;
  else if (typeof source === "string") {
    const found = speaking.messages[source];
    text = typeof found === "string" && found ? found : source;
  } else {
    const count = Number(params?.count ?? 0);
    const forms = speaking.messages[source.one];
    if (Array.isArray(forms) && forms.length) {
      const index = speaking.plural[speaking.rules.select(count)] ?? forms.length - 1;
      text = forms[Math.min(index, forms.length - 1)];
    } else text = count === 1 ? source.one : source.other;
  }
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? shown(params[key]) : whole));
}

/**
 * A value as the language writes it: a number formatted (`2,5` in German), text as it is.
 * @param {string | number} value
 */
function shown(value) {
  return typeof value === "number" ? speaking.numbers.format(value) : String(value);
}

/**
 * A number as the language writes it (`1.5`, `1,5`).
 * @param {number} value
 */
export function number(value) {
  return speaking.numbers.format(value);
}

/**
 * A chance as a whole percent in the language (`25%`, `25 %`), never "0%" or "100%" for one
 * that is neither.
 * @param {number} chance
 */
export function percent(chance) {
  if (chance > 0 && chance < 0.005) return t("percent.below", { p: speaking.percents.format(0.01) });
  if (chance >= 0.995 && chance < 1) return t("percent.above", { p: speaking.percents.format(0.99) });
  return speaking.percents.format(Math.round(chance * 100) / 100);
}
