"""Scoring of one hand (rules §4): 性子, 亮子, big-hand bonus, 掀 money.

Pure function of the standing plays, the 掀 counts and the variant, so the
worked examples of §4.4 can be checked directly as well as through play.
"""

from __future__ import annotations

from games.base import Result
from games.xianniu.shapes import BAI, FIVE, KING, NINE, TRIPLE, Info


def seat_score(plays: list[tuple[Info, bool]], split_rule: str) -> tuple[int, int, int]:
    """(leaves, 性子, 亮子) of one seat's standing plays; each play carries
    whether its 喜 may score (喜前不喜后)."""
    n = xz = liang = 0
    whole = 0  # union of the seat's cards
    for info, xi_ok in plays:
        n += info.size
        if info.xz and (xi_ok or not info.xi):
            xz += info.xz
        liang += info.liang
        whole |= info.mask
    if split_rule == "kkk_bai_only":
        # [S1]: KKK and a 摆 holding the fourth K still count as 亮子
        if any(i.shape == TRIPLE and i.rank == KING for i, _ in plays) and any(
            BAI < i.shape <= BAI + 4 for i, _ in plays
        ):
            liang += 2
    elif split_rule == "any_split":
        for r in range(12):
            if r in (NINE, FIVE) or (whole >> (4 * r)) & 15 != 15:
                continue
            if not any((i.mask >> (4 * r)) & 15 == 15 for i, _ in plays):
                liang += 2  # the four cards stand in several plays
    return n, xz, liang


def score_hand(
    plays: list[list[tuple[Info, bool]]],
    xian: list[list[int]],
    last_xianer: list[int | None],
    variant: dict,
) -> Result:
    seats = len(plays)
    s_unit, x_unit = variant["stake"]
    mode_pay = variant["bighand_payment"]
    min_base = variant["min_base_for_six"]
    include_xian = variant["bighand_double_includes_xian"]
    rows = []
    for leaves in plays:
        n, xz, liang = seat_score(leaves, variant["liang_split_rule"])
        bonus = n - 7 if n >= 11 else 0  # 大牌/朿牌: 11 → 4 … 16 → 9
        rows.append({"leaves": n, "xingzi": xz, "liang": liang, "base": xz + liang,
                     "bonus": bonus, "winner": n >= 6})
    payments: list[dict] = []
    skip_xian: set[tuple[int, int]] = set()
    for r in range(seats):
        row = rows[r]
        if not row["winner"]:
            continue
        base = max(row["base"], min_base)
        bonus = row["bonus"]
        x = last_xianer[r] if bonus > 0 and mode_pay != "plain" else None
        for p in range(seats):
            if p == r or rows[p]["winner"]:
                continue
            why = "bighand" if bonus else "base"
            amt = base + bonus
            if x is not None:
                if p == x:
                    amt, why = 2 * (base + bonus), "bighand_double"
                    if include_xian:
                        skip_xian.add((p, r))  # [S1]'s literal 26
                elif mode_pay == "double_last_xianer":
                    amt, why = base, "base"
                else:  # 掀朿包朿: the last 掀er pays it all
                    amt = 0
            if amt:
                payments.append({"from": p, "to": r, "amount": s_unit * amt, "why": why})
    for p in range(seats):
        if rows[p]["winner"]:
            continue  # 掀赢了是不算钱的
        for r in range(seats):
            k = xian[p][r]
            if k and (p, r) not in skip_xian:
                payments.append({"from": p, "to": r, "amount": x_unit * k, "why": "xian",
                                 "count": k})
    net = [0] * seats
    for pay in payments:
        net[pay["from"]] -= pay["amount"]
        net[pay["to"]] += pay["amount"]
    return Result(net, {"seats": rows, "payments": payments, "stake": [s_unit, x_unit],
                        "xian": [list(x) for x in xian], "last_xianer": list(last_xianer)})
