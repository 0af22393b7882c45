"""Payout (spec B5): 滚滚番 2^番 or 梯梯番 1+番 with a cap, who pays, 包子."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def unit(fan: int, variant: Mapping[str, Any]) -> tuple[int, int]:
    """(capped 番, units per payer)."""
    cap = variant["fan_cap"]
    f = min(fan, cap) if cap else fan
    return f, (2**f if variant["fan_mode"] == "gungun" else 1 + f)


def payments(
    seats: int,
    variant: Mapping[str, Any],
    status: list[str],
    win: Mapping[str, Any] | None,
    baozi: list[int],
) -> list[dict[str, Any]]:
    """Every payment: {"from", "to", "amount", "reason"} (reason: win / baozi)."""
    out: list[dict[str, Any]] = []
    if win is not None:
        w = win["winner"]
        _f, u = unit(win["fan"], variant)
        amount = variant["base_stake"] * u
        others = [s for s in range(seats) if s != w]
        mode = variant["payer"]
        if mode == "fangchong" and not win["self_draw"] and win["from"] not in (None, w):
            payers = [win["from"]]
        elif mode == "active_only":
            payers = [s for s in others if status[s] == "in"]
        else:
            payers = others
        out += [{"from": s, "to": w, "amount": amount, "reason": "win"} for s in payers]
    pen = variant["baozi_penalty"]
    if pen:
        for b in baozi:
            out += [
                {"from": b, "to": s, "amount": pen, "reason": "baozi"}
                for s in range(seats)
                if s != b
            ]
    return out


def net_of(seats: int, pays: list[dict[str, Any]]) -> list[int]:
    net = [0] * seats
    for p in pays:
        net[p["from"]] -= p["amount"]
        net[p["to"]] += p["amount"]
    return net
