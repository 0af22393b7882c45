"""A sitting (本场): one game in one chat, from the lobby over many hands.
The bot keeps one in memory per active game and writes every change through
storage; `to_row`/`from_row` are the only places that know the columns."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from games.base import State
from games.records import state_from_json


@dataclass
class Seat:
    user_id: int | None  # None: a computer player
    name: str = ""
    tuoguan: bool = False  # 托管: the computer plays for this absent player
    timeouts: int = 0  # turn timeouts in a row

    @property
    def human(self) -> bool:
        return self.user_id is not None

    @property
    def auto(self) -> bool:
        """The computer moves for this seat."""
        return self.user_id is None or self.tuoguan


@dataclass
class Selection:
    """A half-made picker selection: the turn its pick was drawn for, the
    tapped card indices, and how many hints were shown (the next hint is the
    next one). It lasts while its pick is open (`still_asked`)."""

    turn: int
    selected: list[int]
    hint_no: int = 0


def still_asked(st: State, seat: int, since: int) -> bool:
    """Whether `seat` is still asked the question it was asked at turn
    `since`: asked now, and it has not moved since. Other seats' moves in
    between leave it open: 紧牌 discards are owed by every seat at once, and
    one player's discard changes nothing of another's."""
    if not 0 <= since <= st.turn or seat not in st.to_act():
        return False
    return all(who != seat for who, _code in st.history[since:])


@dataclass
class Sitting:
    id: int
    chat_id: int
    game: str
    preset: str
    variant: dict[str, Any]
    status: str  # lobby | running | hand_over | finished | cancelled
    creator_id: int
    seats: list[Seat | None]
    hand_no: int = 0
    seed: int = 0
    state: State | None = None
    deadline: float | None = None
    totals: list[int] = field(default_factory=list)
    msgs: dict[str, int] = field(default_factory=dict)
    last: dict[str, Any] = field(default_factory=dict)  # {"seat": n, "events": [...]}
    picks: dict[int, Selection] = field(default_factory=dict)  # seat → its picker selection
    turn_timeout: float | None = None  # the chat's /settings when it opened; None: the bot's
    computers: bool = True  # computers may fill seats (the chat's /settings when it opened)
    pictures: bool = False  # this hand is drawn (the chat's /settings when it was dealt)
    photos: dict[str, int] = field(default_factory=dict)  # message name → id, of photos

    def selection(self, seat: int) -> Selection | None:
        """The seat's half-made selection, while the pick it was made for is
        open: another seat's move never clears it."""
        p = self.picks.get(seat)
        if p is None or self.state is None or not still_asked(self.state, seat, p.turn):
            return None
        return p

    def selected(self, seat: int) -> list[int]:
        """The cards (picker indices) the seat has tapped in its open pick."""
        p = self.selection(seat)
        return p.selected if p else []

    @property
    def solo(self) -> bool:
        return self.chat_id > 0

    def seat_of(self, user_id: int) -> int | None:
        for i, s in enumerate(self.seats):
            if s is not None and s.user_id == user_id:
                return i
        return None

    def humans(self) -> list[tuple[int, int]]:
        """(seat, user id) of every human seat."""
        return [(i, s.user_id) for i, s in enumerate(self.seats) if s and s.user_id is not None]

    def picks_json(self) -> str:
        return json.dumps({str(k): vars(v) for k, v in self.picks.items()})

    def to_row(self) -> dict[str, Any]:
        return {
            "chat_id": self.chat_id,
            "game": self.game,
            "preset": self.preset,
            "variant": json.dumps(self.variant, sort_keys=True),
            "status": self.status,
            "creator_id": self.creator_id,
            # vars(): the fields as they are (asdict copies deeply: 2% of a move)
            "seats": json.dumps([vars(s) if s else None for s in self.seats], ensure_ascii=False),
            "hand_no": self.hand_no,
            "seed": self.seed,
            "state": self.state.to_json() if self.state else None,
            "turn": self.state.turn if self.state else 0,
            "deadline": self.deadline,
            "totals": json.dumps(self.totals),
            "msgs": json.dumps(self.msgs),
            "last_line": json.dumps(self.last, ensure_ascii=False),
            "picks": self.picks_json(),
            "turn_timeout": self.turn_timeout,
            "computers": int(self.computers),
            "pictures": int(self.pictures),
            "photos": json.dumps(self.photos),
        }

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Sitting:
        return cls(
            id=row["id"],
            chat_id=row["chat_id"],
            game=row["game"],
            preset=row["preset"] or "default",
            variant=json.loads(row["variant"] or "{}"),
            status=row["status"],
            creator_id=row["creator_id"],
            seats=[Seat(**s) if s else None for s in json.loads(row["seats"] or "[]")],
            hand_no=row["hand_no"] or 0,
            seed=row["seed"] or 0,
            state=state_from_json(row["state"]) if row["state"] else None,
            deadline=row["deadline"],
            totals=json.loads(row["totals"] or "[]"),
            msgs=json.loads(row["msgs"] or "{}"),
            last=json.loads(row["last_line"] or "{}"),
            picks={int(k): Selection(**v) for k, v in json.loads(row.get("picks") or "{}").items()},
            turn_timeout=row.get("turn_timeout"),
            computers=row.get("computers") != 0,
            pictures=bool(row.get("pictures")),
            photos=json.loads(row.get("photos") or "{}"),
        )
