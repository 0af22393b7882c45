"""What each player may do with a discarded or flipped card (spec B3.5).

Codes: H 胡, F 吐火, K 杀, P 碰, C<two codes> 吃 (the claimer's two cards),
N 过 (pass). 杀 and 吐火 are mandatory: they come without N.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.changpai.cards import CODES, COMPLEMENTS, SEVENS, YDR
from games.changpai.kan import classify

if TYPE_CHECKING:
    from games.changpai.state import ChangpaiState

RANK = {"H": 5, "F": 4, "K": 3, "P": 2, "C": 1}


def chi_options(conc, x: int) -> list[tuple[int, int]]:
    """Pairs of the claimer's kinds that make a K2/K3 with the claimed kind x."""
    out: set[tuple[int, int]] = set()
    for y in COMPLEMENTS[x]:
        if conc[x] >= 1 and conc[y] >= 1:
            out.add((min(x, y), max(x, y)))  # X X* Y
        if conc[y] >= 2:
            out.add((y, y))  # Y Y X*
    if x in SEVENS:
        a, b = (k for k in SEVENS if k != x)
        if conc[a] and conc[b]:
            out.add((min(a, b), max(a, b)))  # three different 7s
    return sorted(out)


def chi_code(pair: tuple[int, int]) -> str:
    return "C" + "".join(sorted(CODES[k] for k in pair))


def claim_codes(st: ChangpaiState, s: int, x: int, may_chi: bool) -> list[str]:
    """Claims of seat s on card x; may_chi: s is the flipper or the next player."""
    v = st.variant
    conc = st.conc[s]
    melds = st.melds[s]
    codes: list[str] = []
    need_k1 = v["chi_type_hu_restricted"] and not may_chi
    need_k23 = x in st.hu_bar[s]
    if st.claim_hu(s, x, need_k23, need_k1):
        codes.append("H")
    if conc[x] == 4 or (melds and any(
            len(c) == 4 and c[0] == x and (mk == "tou" or (v["upgrade_melds"] and mk == "sha"))
            for mk, c, _cl, _f in melds)):
        return codes + ["F"]
    if conc[x] == 3 or (v["upgrade_melds"] and melds and any(
            mk == "peng" and c[0] == x for mk, c, _cl, _f in melds)):
        return codes + ["K"]
    if conc[x] == 2 and x not in st.peng_bar[s] and st.claim_keeps_hand(s, (x, x), x):
        codes.append("P")
    if may_chi:
        guard = v["qi_fan_guard"] and st.qi_seat == s and st.fixed(s).fan == 0
        for pair in chi_options(conc, x):
            if v["no_discard_from_triple"] and any(conc[k] >= 3 for k in pair):
                continue
            if guard and any(YDR[k] and conc[k] >= 2 for k in pair):
                continue
            if classify((*pair, x)) and st.claim_keeps_hand(s, pair, x):
                codes.append(chi_code(pair))
    if codes:
        codes.append("N")
    return codes


def offer_options(state: ChangpaiState, x: int, src: int, okind: str,
                  known: tuple[int, list[str]] | None = None) -> dict[int, list[str]]:
    """Every active seat's claim codes on card x offered by `src`: seats
    without a claim are left out, and a due 杀/吐火 beats 碰/吃, so then only
    胡/杀/吐火 are asked. `known` = (seat, codes) fixes one seat's codes (a
    computer player's sampled world keeps its own real options)."""
    options: dict[int, list[str]] = {}
    chi = state.chi_seats(src, okind)
    for i in range(state.seats):
        s = (src + i) % state.seats
        if not state.active(s) or (okind == "discard" and s == src):
            continue
        codes = known[1] if known and known[0] == s else claim_codes(state, s, x, s in chi)
        if codes:
            options[s] = codes
    if any("F" in c or "K" in c for c in options.values()):
        options = {s: [c for c in codes if c in ("H", "F", "K") or (c == "N" and "H" in codes)]
                   for s, codes in options.items()}
        options = {s: c for s, c in options.items() if c and c != ["N"]}
    return options
