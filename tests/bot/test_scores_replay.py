"""/replay of a stored hand of every game: readable text from the game's
presenter and a JSON record that `paiju replay` replays to the same result;
/history's one-line result."""

import json
from zoneinfo import ZoneInfo

import pytest

from bot import catalog, cli, scores_text
from bot.i18n import LANGS, translator
from bot.presenters.base import capital
from games import registry
from games.base import Result
from storage import ledger
from storage.db import open_db
from tests.storage.test_ledger import end_hand

ZONE = ZoneInfo("Asia/Shanghai")


@pytest.fixture
def db():
    d = open_db(":memory:")
    yield d
    d.close()


@pytest.mark.parametrize("game_id", registry.ids())
def test_replay_text_and_record_replay_to_the_same_result(db, game_id, tmp_path, capsys):
    sitting_id, st, _f, _h = end_hand(db, game_id)
    h = ledger.hand(db, ledger.rows_of_hand(db, sitting_id, 1)[0]["hand_id"])
    _ = translator("zh_Hans")
    texts = scores_text.replay_texts(h, ZONE, _)
    assert all(len(t) <= 4096 for t in texts)
    text = "\n".join(texts)
    names = scores_text.ledger_names(h["ledger"], _)
    assert names[:2] == ["p0", "p1"] and names[2] == _("Computer {n}").format(n=1)
    p = catalog.presenter(game_id)
    # Who played what: one numbered line per move, by the mover's name.
    for i, (seat, _code) in enumerate(st.history):
        assert f"\n{i + 1}. {names[seat]}" in text
    # The final scoring lines are the end-of-hand message's.
    assert p.result_text(st.result(), st.revealed(), names, _) in text
    name, data = scores_text.record_file(h)
    path = tmp_path / name
    path.write_bytes(data)
    capsys.readouterr()
    assert cli.main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["over"] and out["result"]["net"] == [r["net"] for r in h["ledger"]]


@pytest.mark.parametrize("game_id", registry.ids())
@pytest.mark.parametrize("lang", LANGS)
def test_history_line_names_the_winner(db, game_id, lang):
    sitting_id, st, _f, _h = end_hand(db, game_id)
    _ = translator(lang)
    text, kb = scores_text.history(ledger.recent_hands(db, -100), ZONE, _)
    hand_id = ledger.rows_of_hand(db, sitting_id, 1)[0]["hand_id"]
    game = catalog.presenter(game_id).game_name(_)
    head = text.splitlines()[1]
    # the number /replay takes, then the hand as its table named it
    assert head.startswith(f"{hand_id}. {game}") and "#" not in head
    assert head.split(" · ")[0] == f"{hand_id}. " + _("{game}, hand {n}").format(game=game, n=1)
    names = scores_text.ledger_names(ledger.rows_of_hand(db, sitting_id, 1), _)
    net = st.result().net
    line = catalog.presenter(game_id).result_line(st.result(), names, _)
    assert "   " + line in text.splitlines()
    best = max(range(len(net)), key=lambda i: net[i])
    if net[best] > 0:  # every seat's points, best first, each after its name
        scores = line.split(_("; "))[-1]
        assert scores.startswith(_("{name}: {points}").format(name=names[best],
                                                              points=f"+{net[best]}"))
    assert [b.callback_data for row in kb.inline_keyboard for b in row] == [f"rp:{hand_id}"]


@pytest.mark.parametrize("lang", LANGS)
def test_history_lines_are_one_sentence_each(db, lang):
    """A redeal is not "a draw" glued after "dealt again"; a head and the
    points are two parts of one line, joined as the language joins them."""
    _ = translator(lang)
    p = catalog.presenter("changpai")
    names = ["A", "B", "C"]
    redeal = Result(net=[0, 0, 0], details={"outcome": "redeal"})
    line = p.result_line(redeal, names, _)
    assert line == capital(p.event_line({"type": "redeal"}, names, _), names)
    draw = Result(net=[0, 0, 0], details={})
    assert catalog.presenter("xianniu").result_line(draw, names, _) == _("Nobody won or lost.")
    won = catalog.presenter("dingniu").result_line(Result(net=[-2, 3, -1], details={}),
                                                   names, _)
    assert won == " · ".join(_("{name}: {points}").format(name=n, points=v)
                             for n, v in (("B", "+3"), ("C", "−1"), ("A", "−2")))


def test_a_replay_without_moves_has_no_empty_moves_heading():
    """A hand over when dealt (a big hand shown at the deal) has no moves."""
    from games.records import record_of

    st = catalog.game("xianniu").new_state(seed=3)
    _ = translator("en")
    lines = catalog.presenter("xianniu").replay_lines(record_of(st), ["A", "B", "C"], _)
    assert _("Moves:") not in lines and lines[0] == _("Dealt:")
    assert all(line.split(": ", 1)[1] for line in lines[1:4])  # every seat's cards, or —
