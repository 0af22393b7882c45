"""Ranking and payments, spec A4.1 and A4.4.

Fewest points wins (赢家); the most points is 大庄, then 二庄, 小庄. Ties: the
winner is the tied player nearest the head, and among losers the one nearest
the head takes the bigger 庄.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

STANDARD = (3, 2, 1)  # 大庄, 二庄, 小庄 pay; the winner gets 6


def play_order(head: int) -> list[int]:
    return [(head + i) % 4 for i in range(4)]


def nearness(head: int, physical: bool) -> Callable[[int], tuple[int, int]]:
    """Sort key of 'nearer the head'. Physical: 二牌 and 末牌 both sit next to
    the head (distance 1), 三牌 opposite; equal distances fall back to play order."""

    def key(seat: int) -> tuple[int, int]:
        i = (seat - head) % 4
        return (min(i, 4 - i), i) if physical else (i, i)

    return key


def rank(points: list[int], head: int, physical: bool = False) -> tuple[int, list[int]]:
    """(winner, [大庄, 二庄, 小庄])."""
    near = nearness(head, physical)
    seats = play_order(head)
    winner = min(seats, key=lambda s: (points[s], near(s)))
    losers = sorted((s for s in seats if s != winner), key=lambda s: (-points[s], near(s)))
    return winner, losers


def loser_amounts(points: list[int], losers: list[int], payout: str) -> list[int]:
    """What each loser owes before doubling."""
    if payout == "doubletony":  # [S6]: the highest loser(s) pay 2, the rest 1
        top = max(points)
        return [2 if points[s] == top else 1 for s in losers]
    return list(STANDARD)


def _pay(payments: list[dict], net: list[int], frm: int, to: int, amount: int, why: str) -> None:
    if amount:
        payments.append({"from": frm, "to": to, "amount": amount, "why": why})
        net[frm] -= amount
        net[to] += amount


def score(
    points: list[int],
    head: int,
    variant: Mapping[str, Any],
    sz: Mapping[str, Any] | None = None,
) -> tuple[list[int], dict[str, Any]]:
    """Net per seat and the details: ranking, the 算帐 outcome and every payment.

    `sz` is the hand's counted 算帐: {"type", "seat", "silan"} where silan is
    the seat liable for 死拦 if the 算帐 succeeds (or None)."""
    physical = variant["tie_distance"] == "physical"
    near = nearness(head, physical)
    winner, losers = rank(points, head, physical)
    net = [0, 0, 0, 0]
    payments: list[dict] = []
    details: dict[str, Any] = {
        "points": list(points),
        "winner": winner,
        "zhuang": losers,  # [大庄, 二庄, 小庄]
        "suanzhang": None,
        "payments": payments,
    }
    outcome = None
    if sz is not None:
        s = sz["seat"]
        exempt = None
        if points[s] == 0 and (s == head or variant["zero_point_exemption"] == "anyone"):
            exempt = "head_clean" if s == head else "zero_point"  # 头牌净手不算算帐
        if variant["sz_tie"] == "fail":
            success = all(points[s] < points[o] for o in range(4) if o != s)
        else:
            success = s == winner
        outcome = {"type": sz["type"], "seat": s, "success": success, "liable": None,
                   "silan": False, "exempt": exempt}
        details["suanzhang"] = outcome
        if exempt:
            outcome["success"] = None
    if outcome is None or outcome["exempt"]:
        _plain(points, head, variant, winner, losers, near, net, payments, details)
    else:
        s = outcome["seat"]
        if outcome["success"]:
            amounts = loser_amounts(points, losers, variant["payout"])
            assert sz is not None  # there is an outcome: a 算帐 was counted
            liable = sz.get("silan")
            if liable is not None and liable != s:  # 死拦: the one who let it through pays all
                outcome["liable"] = liable
                outcome["silan"] = True
                _pay(payments, net, liable, s, 2 * sum(amounts), "silan")
            else:  # 算帐翻番: every loser pays double
                for loser, a in zip(losers, amounts):
                    _pay(payments, net, loser, s, 2 * a, "double")
        else:  # 包庄: the declarer pays the best other player for everyone
            best = winner if winner != s else min(
                (o for o in range(4) if o != s), key=lambda o: (points[o], near(o))
            )
            others = sorted((o for o in range(4) if o != best), key=lambda o: (-points[o], near(o)))
            amounts = loser_amounts(points, others, variant["payout"])
            outcome["liable"] = s
            details["winner"] = best
            details["zhuang"] = others
            _pay(payments, net, s, best, 2 * sum(amounts), "baozhuang")
    return net, details


def _plain(points: list[int], head: int, variant: Mapping[str, Any], winner: int,
           losers: list[int], near: Callable[[int], tuple[int, int]], net: list[int],
           payments: list[dict[str, Any]], details: dict[str, Any]) -> None:
    if variant["payout"] != "doubletony":
        for loser, a in zip(losers, STANDARD):
            _pay(payments, net, loser, winner, a, "base")
        return
    low = min(points)
    if max(points) == low:  # everyone equal: nobody owes anybody
        details["winners"] = play_order(head)
        return
    winners = sorted((s for s in range(4) if points[s] == low), key=near)
    owing = [s for s in losers if s not in winners]
    amounts = loser_amounts(points, owing, "doubletony")
    pot = sum(amounts)
    shares = [
        pot // len(winners) + (1 if i < pot % len(winners) else 0) for i in range(len(winners))
    ]
    details["winners"] = winners
    w = 0
    for loser, a in zip(owing, amounts):  # fill each winner's share in turn
        while a:
            give = min(a, shares[w])
            _pay(payments, net, loser, winners[w], give, "base")
            shares[w] -= give
            a -= give
            if shares[w] == 0:
                w += 1
