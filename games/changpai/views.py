"""What a 川牌 hand shows: its public view and a seat's view, key by key
(the protocol's `PublicView` / `SeatView`, games/base.py), and how a hand
ended (`Outcome`), which both carry."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from games.base import PublicView, SeatView

# The card open to claims: its code, who offered it, and how ("discard", "flip").
Offer = TypedDict("Offer", {"card": str, "from": int, "kind": str})

# A set in front of a player: its kind (peng, chi, sha, fire, tou), its cards,
# the claimed card (None: locked from the hand, 偷) and from whom.
Meld = TypedDict("Meld", {"kind": str, "cards": list[str], "claimed": str | None,
                          "from": int | None})

# A 胡: who won, on which card (None: no one winning card) and from whom, the
# 番 and 砣, and the concealed part's 坎s.
WinRecord = TypedDict("WinRecord", {
    "winner": int,
    "card": str | None,
    "self_draw": bool,
    "from": int | None,
    "fan": int,
    "set_fan": int,
    "duidui": bool,
    "extra_fan": int,
    "tuo": int,
    "concealed_kan": list[list[str]],
})


class Outcome(TypedDict):
    """How the hand ended: "win" (with `win`), "huang" (荒: nobody won),
    "redeal"."""

    kind: str
    win: NotRequired[WinRecord]


class Player(TypedDict):
    status: str  # in, yang 仰, fold 系统仰, baozi 包子
    choice: str | None  # qi 起, da 打, yang 仰: the seat's choice at the deal
    count: int  # cards in hand
    melds: list[Meld]
    tuo: int  # 砣 of its sets
    fan: int  # 番 of its sets


class OwnEstimate(TypedDict):
    """The seat's own hand judged against the threshold (the xy estimate)."""

    tuo: int
    groups: int
    ok: bool


class ChangpaiPublic(PublicView):
    phase: str  # qualify, tou, discard, claim, over (state.py)
    dealer: int
    to_act: list[int]  # nobody while a card is open to claims (who may claim is secret)
    actor: int  # the seat whose turn it is (-1 once over)
    stock: int  # cards left to draw
    dead: list[str]  # cards nobody claimed, in order
    offer: Offer | None
    qi: int  # the seat that said 起 (-1: none)
    players: list[Player]
    last: list[dict[str, Any]]  # the events of the last move
    outcome: Outcome | None


class ChangpaiView(ChangpaiPublic, SeatView):
    drawn: str | None  # the card the seat just drew, while it acts on it
    peng_barred: list[str]  # kinds it may not 碰 now (passed on them)
    hu_barred: list[str]  # kinds it may 胡 only with a 坎 (passed on them)
    threshold: int  # 砣 it needs to win (the dealer 34, others 33)
    estimate: NotRequired[OwnEstimate]  # while estimates are in force and it plays
