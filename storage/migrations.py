"""Schema, as sqlite-utils Migrations: append new steps, never edit old ones."""

from __future__ import annotations

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from storage.scores import from_computers

migrations = Migrations("paiju")


@migrations()
def m001_initial(db: Database) -> None:
    # A chat: a group or a private chat; its language.
    db["chats"].create({"id": int, "lang": str, "title": str}, pk="id")
    # A user: started = 1 once they opened the private chat (we may message them).
    db["users"].create(
        {"id": int, "first_name": str, "username": str, "lang": str, "started": int}, pk="id"
    )
    # A sitting (本场): one game in one chat, from the lobby over many hands.
    db["games"].create(
        {
            "id": int,
            "chat_id": int,
            "game": str,  # engine id: xianniu, dingniu ...
            "preset": str,
            "variant": str,  # JSON
            "status": str,  # lobby | running | hand_over | finished | cancelled
            "creator_id": int,
            "seats": str,  # JSON list of seat dicts (user, name, computer, 托管, timeouts)
            "hand_no": int,
            "seed": int,
            "state": str,  # State.to_json() of the current hand
            "turn": int,
            "deadline": float,  # epoch seconds of the turn timer, or null
            "totals": str,  # JSON running totals of the sitting, per seat
            "msgs": str,  # JSON message ids: table, lobby, hands, notifications
            "last_line": str,  # JSON: the last events, for the table's "last thing" line
            "created_at": float,
            "updated_at": float,
        },
        pk="id",
    )
    db["games"].create_index(["chat_id", "status"])
    db["games"].create_index(["status"])
    # Every applied move, for records and audits.
    db["moves"].create(
        {
            "id": int,
            "game_id": int,
            "hand_no": int,
            "turn": int,
            "seat": int,
            "code": str,
            "by": str,  # player | computer | timeout | tuoguan
            "at": float,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
    )
    db["moves"].create_index(["game_id", "hand_no", "turn"], unique=True)
    # Finished hands with their results (state JSON keeps the full record).
    db["hands"].create(
        {"id": int, "game_id": int, "hand_no": int, "state": str, "net": str, "at": float},
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m002_picks(db: Database) -> None:
    # Half-made picker selections per seat (JSON {seat: [turn, [indices], hint_no]}):
    # a restart keeps the cards a player has already tapped.
    db["games"].add_column("picks", str)


@migrations()
def m003_ledger(db: Database) -> None:
    # One finished hand is one `hands` row (its final state: the record to
    # replay) and feeds one ledger row per seat, in the same transaction.
    db.execute(
        "delete from hands where id not in (select min(id) from hands group by game_id, hand_no)"
    )
    db["hands"].create_index(["game_id", "hand_no"], unique=True)
    db["ledger"].create(
        {
            "id": int,
            "hand_id": int,  # hands.id: the number /history and /replay show
            "chat_id": int,
            "game_id": int,  # the sitting (games.id)
            "hand_no": int,
            "game": str,  # engine id
            "preset": str,
            "seat": int,
            "user_id": int,  # null: a computer player
            "name": str,  # display name at the time
            "net": int,
            "details": str,  # JSON: the engine's scoring details for this seat
            "finished_at": float,  # epoch seconds
        },
        pk="id",
        foreign_keys=[("hand_id", "hands", "id"), ("game_id", "games", "id")],
    )
    db["ledger"].create_index(["game_id", "hand_no", "seat"], unique=True)
    # Leaderboards: one chat, a time range, humans only; covering, so the
    # sums never touch the table.
    db.execute(
        "create index idx_ledger_board on ledger (chat_id, finished_at, user_id, net, game)"
        " where user_id is not null"
    )
    db["ledger"].create_index(["chat_id", "hand_id"])  # /history
    db["ledger"].create_index(["user_id", "game", "net"])  # /stats
    # All-time totals per chat, person and game, kept with the ledger in the
    # same transaction (a cache of sums over it: all-time boards read a few
    # rows, not every hand), with the person's latest name.
    db["ledger_totals"].create(
        {"chat_id": int, "user_id": int, "game": str, "name": str, "net": int,
         "hands": int, "wins": int, "best": int, "last_at": float},
        pk=("chat_id", "user_id", "game"),
    )
    # The weekly post: one row per chat and week (Monday, local ISO date),
    # written before the post is queued; message_id once Telegram took it.
    db["weekly_posts"].create(
        {"chat_id": int, "week": str, "queued_at": float, "message_id": int},
        pk=("chat_id", "week"),
    )


@migrations()
def m004_chat_settings(db: Database) -> None:
    # A chat's house rules (/settings): null columns mean "the bot's default".
    db["chat_settings"].create(
        {
            "chat_id": int,
            "turn_timeout": int,  # seconds a move, 15-300
            "computers": int,  # 1: computers may fill empty seats
            "tz": str,  # IANA time zone of the weekly board, e.g. Asia/Shanghai
            "weekly_post": int,  # 1: post the weekly board, 0: not
            "games": str,  # JSON {game id: {"preset": name, "flags": {flag: value}}}
        },
        pk="chat_id",
    )
    # What a sitting was opened with (later /settings do not change it).
    db["games"].add_column("turn_timeout", float)
    db["games"].add_column("computers", int)


@migrations()
def m005_group_sends(db: Database) -> None:
    # When the bot last wrote to each group (JSON list of epoch seconds within
    # Telegram's one-minute window): a restarted bot keeps to 20 a minute.
    db["group_sends"].create({"chat_id": int, "sent_at": str}, pk="chat_id")


@migrations()
def m006_tally(db: Database) -> None:
    # The tally (账本): what people owe each other in a chat and game since
    # they last settled up (清账). It is always summed from the ledger; a
    # settlement only records where the next tally starts.
    #
    # Each ledger row says how much of its points were won from (+) or lost
    # to (−) the computer seats of that hand (storage.scores.from_computers):
    # nobody pays a computer or is paid by one.
    db["ledger"].add_column("from_computers", int, not_null_default=0)
    rows = db.execute(
        "select id, hand_id, user_id, net from ledger order by hand_id, seat").fetchall()
    hand: list[tuple[int, int | None, int]] = []
    for i, row in enumerate(rows):
        hand.append((row[0], row[2], row[3]))
        if i + 1 == len(rows) or rows[i + 1][1] != row[1]:
            shares = from_computers([n for _pk, _u, n in hand], [u is None for _pk, u, _n in hand])
            for (pk, _u, _n), share in zip(hand, shares):
                if share:
                    db.execute("update ledger set from_computers = ? where id = ?", [share, pk])
            hand = []
    # The all-time sums of it per chat, person and game, like `net`.
    db["ledger_totals"].add_column("from_computers", int, not_null_default=0)
    db.execute(
        "update ledger_totals set from_computers = coalesce((select sum(l.from_computers)"
        " from ledger l where l.chat_id = ledger_totals.chat_id"
        " and l.user_id = ledger_totals.user_id and l.game = ledger_totals.game), 0)")
    # A stretch of a chat's hands of one game (a tally being settled), summed
    # per person from the index alone.
    db.execute(
        "create index idx_ledger_tally on ledger"
        " (chat_id, game, hand_id, user_id, net, from_computers) where user_id is not null"
    )
    # The hands and sittings of a tally and when it began: one row a hand.
    db.execute(
        "create index idx_ledger_hands on ledger"
        " (chat_id, game, hand_id, game_id, finished_at, seat) where seat = 0"
    )
    # One row per settlement: who settled, when, and the tally it cleared
    # (the hands after `base` up to `through`, both hands.id). The next tally
    # of that chat and game starts after `through`. One settlement from each
    # starting point: a second press, or two admins at once, clear once.
    db["settlements"].create(
        {
            "id": int,
            "chat_id": int,
            "game": str,  # engine id
            "base": int,  # the tally began after this hand (0: the chat's first)
            "through": int,  # the last hand it cleared
            "by_user": int,
            "by_name": str,
            "at": float,  # epoch seconds
            "cleared": str,  # JSON [{user_id, name, net, from_computers, hands}]: each person
            "hands": int,
            "sittings": int,
            "since": float,  # the tally's first hand
            "msg_id": int,  # the question (confirmation) message
            "told": int,  # the message announcing it, once Telegram took it
        },
        pk="id",
    )
    db["settlements"].create_index(["chat_id", "game", "base"], unique=True)
    db["settlements"].create_index(["chat_id", "game", "through"])


@migrations()
def m007_stale_keyboards(db: Database) -> None:
    # Messages whose buttons no longer do anything (a finished hand's 🏁, an
    # answered /stop question, a hand message replaced by /hand ...), written
    # in the same transaction as the change that made them stale and deleted
    # once an edit took the keyboard off: a restart clears what is left.
    db["stale_keyboards"].create(
        {
            "chat_id": int,
            "message_id": int,
            "game_id": int,  # the sitting it belonged to
            "text": str,  # what the message says without its buttons; null: its text stays
            "at": float,  # epoch seconds it became stale
        },
        pk=("chat_id", "message_id"),
        not_null={"chat_id", "message_id"},
    )


@migrations()
def m008_pictures(db: Database) -> None:
    # Pictures (/settings "Pictures: on/off"): JSON {game id: true/false} of the
    # games whose chat changed the default (on for 顶牛 and 川牌, off for the rest).
    db["chat_settings"].add_column("pictures", str)
    # Whether the sitting's current hand is drawn (read from the chat's
    # setting at each deal), and which of its messages went out as photos
    # (JSON {message name: message id}): after a restart a photo is edited as
    # a photo and text as text.
    db["games"].add_column("pictures", int, not_null_default=0)
    db["games"].add_column("photos", str)


@migrations()
def m009_sittings(db: Database) -> None:
    # One word per idea: a sitting (本场) is a sitting. The table `games` and its
    # references `game_id` held sittings, while `game` (and `game_id` in the
    # code) is the kind of game played: the table becomes `sittings` and its
    # references `sitting_id`. SQLite (≥ 3.26) rewrites the foreign keys and
    # indexes that name them; the indexes named after the old words are made
    # again under the new ones.
    db.execute("alter table games rename to sittings")
    for table in ("moves", "hands", "ledger", "stale_keyboards"):
        db.execute(f"alter table {table} rename column game_id to sitting_id")
    for old, table, columns, unique in (
        ("idx_games_chat_id_status", "sittings", ["chat_id", "status"], False),
        ("idx_games_status", "sittings", ["status"], False),
        ("idx_moves_game_id_hand_no_turn", "moves", ["sitting_id", "hand_no", "turn"], True),
        ("idx_hands_game_id_hand_no", "hands", ["sitting_id", "hand_no"], True),
        ("idx_ledger_game_id_hand_no_seat", "ledger", ["sitting_id", "hand_no", "seat"], True),
    ):
        db.execute(f"drop index {old}")
        db[table].create_index(columns, unique=unique)
