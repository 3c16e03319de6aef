// @ts-check
/**
 * The shapes of what the server sends (docs/protocol.md; heat/server/messages.py is the
 * authority). Types only: this module exports nothing at run time.
 *
 * @typedef {{kind: "human" | "bot" | "legend", color: string, name: string, level: string,
 *   joined: boolean, connected: boolean}} SeatInfo
 * @typedef {{seat: number, name: string, color: string, legend: boolean, on_track: boolean,
 *   finished: boolean, space: number, lap: number, lane: number, gear: number, engine: number,
 *   hand_count: number, deck_count: number, discard_count: number, discard_top: string | null,
 *   play_count: number, play: string[] | null, committed: boolean, upgrades: string[],
 *   hand: string[] | null, plan: string | null, discard_pile: string[] | null,
 *   deck_cards: string[] | null}} CarView
 * @typedef {{seat: number, step: string, speed: number, start_space: number, start_lap: number,
 *   adrenaline: boolean, symbols: [string, number, string][], boost_used: boolean}} TurnView
 * @typedef {{number: number, line_after: number, printed_limit: number, speed_limit: number,
 *   road: string | null, sector_road: string | null, press: boolean}} CornerView
 * @typedef {{round: number, rounds: number, market: string[], order: number[], picking: number}} DraftView
 * @typedef {{seat: number | null, track: string, laps: number, round: number, phase: string,
 *   to_decide: number[], order: number[], adrenaline_seats: number[], turn: TurnView | null,
 *   cars: CarView[], hall_of_fame: number[], standings: number[], corners: CornerView[],
 *   weather: string | null, legends_card: number | null, legends_to_come: number[],
 *   draft: DraftView | null, tournament: boolean, eliminated: number[],
 *   stress_reserve: number, sponsor_deck_count: number}} SeatView
 * @typedef {{season: string, phase: string, race_number: number, races: number,
 *   event_title: string, event_text: string, track: string, to_decide: number[],
 *   names: string[], legends: boolean[], upgrades: string[][], sponsor_cards: number[],
 *   market: string[], grid: number[], results: [string, number[]][], totals: number[],
 *   standings: number[]}} SeasonView
 * @typedef {{type: string, seat: number, text: string | null, [key: string]: unknown}} EventInfo
 * @typedef {{seq: number, seat: number, text: string, at: number, after_event: number}} NoticeInfo
 * @typedef {{type: "state", table: string, full: boolean, version: number, epoch: number,
 *   status: "waiting" | "playing" | "over" | "closed", seat: number | null, to_decide: number[],
 *   legal: string[], shift_heat: Record<string, number> | null, asked_at: number | null, can_undo: boolean, clocks: Record<string, number>,
 *   standins: number[], seats: SeatInfo[], view: SeatView | null, season: SeasonView | null,
 *   events_from: number, events: EventInfo[], notices: NoticeInfo[],
 *   result: {standings: number[], points: number[]} | null, rematch: string | null}} State
 * @typedef {{corner: number, limit: number, chance: number, heat: number, spin_chance: number}} CornerRisk
 * @typedef {{speeds: [number, number][], landing: [number, number, number][], corners: CornerRisk[],
 *   heat_now: number, expected_heat: number, spin_chance: number, summary: string}} Preview
 * @typedef {{type: "preview", id: number | string | null, decision: string, version: number,
 *   preview: Preview | null, confirm: string | null}} PreviewAnswer
 * @typedef {{name: string, type: string, speeds: number[], category: string,
 *   symbols: Record<string, number>, flags: string[]}} CardInfo
 * @typedef {{tracks: {id: string, name: string}[], cards: Record<string, CardInfo>, weather: Record<string, {name: string}>,
 *   road: Record<string, {name: string, sector: boolean}>}} Catalogue
 * @typedef {[number, number]} Pt
 * @typedef {{space: number, outline: Pt[], spots: [Pt, Pt], raceline: number, label: Pt}} Cell
 * @typedef {{number: number, line_after: number, speed_limit: number, line: [Pt, Pt], sign: Pt,
 *   marker: Pt, legends_line: [Pt, Pt], diamonds: {value: number, at: Pt}[], chevron: boolean,
 *   chevron_space: number | null, press_letters: string[]}} CornerGeo
 * @typedef {{track: string, name: string, laps: number, spaces: number, width: number,
 *   view_box: [number, number, number, number], title_at: Pt, road: Pt[], finish: [Pt, Pt],
 *   cells: Cell[], corners: CornerGeo[], sectors: {after_corner: number, first_space: number,
 *   last_space: number, label: Pt}[], grid: {place: number, space: number, lane: number}[]}} Geometry
 */
export {};
