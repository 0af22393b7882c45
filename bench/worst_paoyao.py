"""刨幺 worst positions: the §9 hand with 123 distinct leads.

`legal_moves` on the same state keeps only the seat's bombs between calls,
so extra_timings() also measures the enumeration from scratch (the bombs
too, as after a play that changed them) and the picker's validation of a
chosen set.
"""

from __future__ import annotations

from games import registry
from games.paoyao.cards import SUITS
from games.paoyao.moves import bombs, leads

WORST = "4444444 5566778899TTJJQQKKAA"  # §9: 123 leads


def _cards(ranks: str) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for ch in ranks.replace(" ", ""):
        i = seen.get(ch, 0)
        seen[ch] = i + 1
        out.append(ch + SUITS[i % 4])
    return out


def _worst_state(lead: str | None = None):
    """The worst hand at seat 0, the rest of both packs dealt to seats 1-3."""
    game = registry.get("paoyao")
    v = game.variant()
    deck = game.deal(v, 4, 0)
    rest = sorted(c for h in deck["hands"] for c in h)
    for c in _cards(WORST):
        rest.remove(c)
    hands = [_cards(WORST)] + [rest[i * 27 : (i + 1) * 27] for i in range(3)]  # 27 each
    state = game.start(v, {"hands": hands}, 0 if lead is None else 1, 4)
    if lead is not None:
        state.apply(1, lead)
    return state


def worst_positions():
    out = [("lead, §9 worst hand (its bombs kept after the 1st call)", _worst_state(), 0)]
    s = _worst_state()
    s.apply(0, "456")
    seat = s.to_act()[0]
    out.append(("follow a 3-straight", s, seat))
    return out


def extra_timings():
    state = _worst_state()
    base, ends, cnt, tables = state.base[0], state.ends[0], state.cnt[0], state.tables

    def fresh_leads():
        return leads(base, ends, cnt, tables, bombs(base, ends, cnt, tables.roads))

    assert len(fresh_leads()) == 123
    hand_codes = state.view(0)["hand"]
    chosen = [c for c in hand_codes if c[0] == "4"][:3] + [c for c in hand_codes if c[0] == "A"][:1]
    assert state.code_for_cards(0, chosen) == "444A"
    return [
        ("paoyao", "all 123 leads of the §9 worst hand, from scratch", fresh_leads),
        (
            "paoyao",
            "code_for_cards (picker validation, 444A)",
            lambda: state.code_for_cards(0, chosen),
        ),
    ]
