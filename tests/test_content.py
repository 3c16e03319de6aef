"""The data files load into frozen objects; malformed files are rejected naming file and field."""

from __future__ import annotations

from importlib import resources

import pytest

from heat.engine import DataError, Track, track, track_ids
from heat.engine.content import catalogue, parse_catalogue, parse_track

USA = resources.files("heat.data").joinpath("tracks", "usa.toml").read_text(encoding="utf-8")
CARDS = resources.files("heat.data").joinpath("cards", "base.toml").read_text(encoding="utf-8")


def test_the_four_base_tracks_load_with_the_printed_setup_values():
    expected = {
        "usa": (2, 69, [7, 3, 3, 2]),
        "italia": (3, 54, [5, 2, 3]),
        "france": (2, 60, [5, 2, 4, 3, 4]),
        "great-britain": (2, 63, [10, 6, 5, 4, 3]),
    }
    assert set(track_ids()) == set(expected)
    for track_id, (laps, spaces, limits) in expected.items():
        board = track(track_id)
        assert (board.laps, board.spaces, [c.speed_limit for c in board.corners]) == (laps, spaces, limits)
        assert (board.heat, board.stress, board.spots_per_space) == (6, 3, 2)
        assert len(board.grid) == 8


def test_tracks_are_frozen():
    with pytest.raises(AttributeError):
        track("usa").laps = 9  # type: ignore[misc]


def test_race_line_follows_the_sector_after_each_corner():
    usa = track("usa")
    assert [usa.raceline_lane(s) for s in (1, 12, 13, 33, 34, 57, 58, 69)] == [1, 1, 2, 2, 2, 2, 1, 1]


def test_printed_countdown_to_the_next_corner():
    gb = track("great-britain")
    assert gb.spaces_to_next_corner(63) == 15
    assert gb.spaces_to_next_corner(1) == 14


def test_the_card_catalogue_has_the_base_cards():
    cards = catalogue()
    assert [c.id for c in cards.cards][:8] == ["1", "2", "3", "4", "0", "5", "heat", "stress"]
    assert dict(cards.basic_deck) == {"1": 3, "2": 3, "3": 3, "4": 3}
    assert dict(cards.starting_upgrades) == {"0": 1, "5": 1, "heat": 1}


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("speed_limit = 7", 'speed_limit = "fast"', "corners[0].speed_limit"),
        ("line_after = 33", "line_after = 5", "corners[1].line_after"),
        ("spaces = 69", "spaces = 0", "spaces"),
        ("raceline_after = 2", "raceline_after = 3", "corners[0].raceline_after"),
        ("[69, 1], [69, 2]", "[69, 1], [69, 1]", "grid[1]"),
        ("[69, 1]", "[99, 1]", "grid[0]"),
        ('name = "USA"\n', "", "name"),
    ],
)
def test_a_malformed_track_names_the_file_and_field(old: str, new: str, field: str):
    assert old in USA
    with pytest.raises(DataError) as error:
        parse_track(USA.replace(old, new, 1), "tracks/broken.toml")
    assert str(error.value).startswith(f"tracks/broken.toml: {field}:")


def test_a_track_file_that_is_not_toml_is_rejected():
    with pytest.raises(DataError, match=r"tracks/x\.toml: not valid TOML"):
        parse_track("laps = = 2", "tracks/x.toml")


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ('type = "basic"\nspeed = 1', 'type = "magic"\nspeed = 1', "cards[0].type"),
        ("speed = 4\n", "speed = -4\n", "cards[3].speed"),
        ('"1" = 3,', '"9" = 3,', "decks.basic.9"),
        ("stress = 37", "stress = -1", "box.stress"),
    ],
)
def test_a_malformed_card_file_names_the_file_and_field(old: str, new: str, field: str):
    assert old in CARDS
    with pytest.raises(DataError) as error:
        parse_catalogue(CARDS.replace(old, new, 1), "cards/broken.toml")
    assert str(error.value).startswith(f"cards/broken.toml: {field}:")


def test_an_unknown_track_is_a_clear_error():
    with pytest.raises(DataError, match="unknown track 'monaco'"):
        track("monaco")


def test_a_fifth_track_is_only_a_data_file():
    board = parse_track(USA.replace('id = "usa"', 'id = "test-oval"'), "tracks/test-oval.toml")
    assert board.id == "test-oval"
    assert board.corners == track("usa").corners


def test_a_race_runs_on_a_track_added_as_data(monkeypatch: pytest.MonkeyPatch):
    from heat.engine import Race, RaceConfig, content, default_seats

    oval = (
        'id = "oval"\nname = "Oval"\nlaps = 1\nheat = 6\nstress = 3\nspaces = 30\nspots_per_space = 2\n'
        "grid = [[30, 1], [30, 2], [29, 1], [29, 2]]\n"
        "[[corners]]\nline_after = 10\nspeed_limit = 4\nlegends_line_after = 5\nraceline_after = 1\n"
        "[[corners]]\nline_after = 22\nspeed_limit = 3\nlegends_line_after = 17\nraceline_after = 2\n"
    )
    shipped_track, shipped_ids = content.track, content.track_ids

    def track_of(track_id: str) -> Track:
        return parse_track(oval, "tracks/oval.toml") if track_id == "oval" else shipped_track(track_id)

    # The engine looks up the cached loaders `track` and `track_ids` by name on both builds (mypyc
    # calls a decorated function through its module), not `data_text` they read with.
    monkeypatch.setattr(content, "track", track_of)
    monkeypatch.setattr(content, "track_ids", lambda: (*shipped_ids(), "oval"))
    race = Race(RaceConfig(default_seats(2), track="oval", seed=1))
    while not race.is_over:
        seat = race.to_decide()[0]
        race.apply(seat, race.legal_decisions(seat)[-1])
    assert race.track.name == "Oval"


def test_a_shipped_file_is_parsed_once_then_read_from_its_cache(tmp_path):
    """Issue 28: ``tomllib`` and its parsing were a fifth of the plain prompt's start. A data
    file's parsed content is kept beside it and used while the file's text is unchanged."""
    import marshal

    from heat.engine.content import cached_toml

    data, cache = tmp_path / "data", tmp_path / "data" / "__pycache__"
    (data / "tracks").mkdir(parents=True)
    text = 'id = "oval"\nlaps = 2\ngrid = [[30, 1], [29, 2]]\nscale = 1.5\n[[corners]]\nflag = true\n'
    (data / "tracks" / "oval.toml").write_text(text, encoding="utf-8")
    parsed = cached_toml(text, "tracks/oval.toml", str(data), str(cache))
    assert parsed == {"id": "oval", "laps": 2, "grid": [[30, 1], [29, 2]], "scale": 1.5, "corners": [{"flag": True}]}
    (entry,) = cache.iterdir()
    assert entry.name == f"tracks.oval.toml.marshal{marshal.version}"

    again = cached_toml(text, "tracks/oval.toml", str(data), str(cache))
    assert again == parsed and type(again["corners"][0]["flag"]) is bool
    kept = marshal.loads(entry.read_bytes())
    entry.write_bytes(marshal.dumps((*kept[:-1], {"id": "from the cache"})))  # marked: only the cache says this
    assert cached_toml(text, "tracks/oval.toml", str(data), str(cache)) == {"id": "from the cache"}
    edited = text.replace("laps = 2", "laps = 3")  # another text (an edited file) is parsed again
    assert cached_toml(edited, "tracks/oval.toml", str(data), str(cache))["laps"] == 3


def test_a_cache_not_of_this_text_or_unreadable_is_ignored(tmp_path):
    from heat.engine.content import cached_toml

    data, cache = tmp_path / "data", tmp_path / "cache"
    (data / "cards").mkdir(parents=True)
    shipped = 'id = "a"\n'
    (data / "cards" / "a.toml").write_text(shipped, encoding="utf-8")
    assert cached_toml('id = "test"\n', "cards/a.toml", str(data), str(cache)) == {"id": "test"}
    assert not cache.exists(), "a text that is not the file's own is never cached"
    cached_toml(shipped, "cards/a.toml", str(data), str(cache))
    (entry,) = cache.iterdir()
    entry.write_bytes(b"\x00not marshal")
    assert cached_toml(shipped, "cards/a.toml", str(data), str(cache)) == {"id": "a"}
    with pytest.raises(DataError, match=r"cards/a\.toml: not valid TOML"):
        cached_toml("id = ", "cards/a.toml", str(data), str(cache))
    not_a_folder = tmp_path / "a-file"  # a cache that cannot be written (even as root): parsed, no error
    not_a_folder.write_text("", encoding="utf-8")
    (data / "cards" / "b.toml").write_text("n = 1\n", encoding="utf-8")
    assert cached_toml("n = 1\n", "cards/b.toml", str(data), str(not_a_folder / "cache")) == {"n": 1}
    assert not_a_folder.read_text(encoding="utf-8") == "" and not list(tmp_path.glob("a-file*.*"))
