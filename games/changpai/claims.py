"""What each player may do with a discarded or flipped card (spec B3.5).

Codes: H 胡, F 吐火, K 杀, P 碰, C<two codes> 吃 (the claimer's two cards),
N 过 (pass). 杀 and 吐火 are mandatory: they come without N.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Protocol

from games.changpai.cards import CODES, COMPLEMENTS, N_KINDS, SEVENS, YDR
from games.changpai.estimate import claim_ok
from games.changpai.hu import Fixed
from games.changpai.kan import classify


class Position(Protocol):
    """What the claim rules read of a hand in progress (`ChangpaiState` is
    one): declared here, so this module needs nothing above it."""

    @property
    def seats(self) -> int: ...
    @property
    def variant(self) -> Mapping[str, Any]: ...
    @property
    def conc(self) -> Sequence[Sequence[int]]: ...
    @property
    def seen(self) -> Sequence[int]: ...
    @property
    def melds(self) -> Sequence[Sequence[Sequence[Any]]]: ...
    @property
    def status(self) -> Sequence[str]: ...
    @property
    def peng_bar(self) -> Sequence[Sequence[int]]: ...
    @property
    def hu_bar(self) -> Sequence[Sequence[int]]: ...
    @property
    def qi_seat(self) -> int: ...
    def fixed(self, s: int) -> Fixed: ...
    def may_claim_hu(self, s: int, x: int) -> bool: ...
    def claim_hu(self, s: int, x: int, need_k23: bool, need_k1: bool) -> bool: ...
    def chi_seats(self, src: int, okind: str) -> tuple[int, ...]: ...
    def claim_basis(self, s: int) -> tuple[int, tuple[int, ...] | None, tuple[bool, ...],
                                          int, int, int, bool, bool]: ...


@cache
def seat_order(seats: int, s: int) -> tuple[int, ...]:
    """The seats from s round the table: s, then the next, ..."""
    return tuple((s + i) % seats for i in range(seats))

RANK = {"H": 5, "F": 4, "K": 3, "P": 2, "C": 1}


def chi_options(conc: Sequence[int], x: int) -> list[tuple[int, int]]:
    """Pairs of the claimer's kinds that make a K2/K3 with the claimed kind x."""
    out: list[tuple[int, int]] = []
    cx = conc[x]
    for y in COMPLEMENTS[x]:
        cy = conc[y]
        if cy:
            if cx:
                out.append((x, y) if x < y else (y, x))  # X X* Y
            if cy >= 2:
                out.append((y, y))  # Y Y X*
    other_sevens = _OTHER_SEVENS[x]
    if other_sevens:
        a, b = other_sevens
        if conc[a] and conc[b]:
            out.append((a, b))  # three different 7s
    return sorted(set(out)) if len(out) > 1 else out


# Per kind: the two other 7s (sorted) if it is a 7, else ().
_OTHER_SEVENS = tuple(tuple(sorted(k for k in SEVENS if k != x)) if x in SEVENS else ()
                      for x in range(N_KINDS))
_CHI_CODE = {(a, b): "C" + "".join(sorted((CODES[a], CODES[b])))
             for a in range(N_KINDS) for b in range(a, N_KINDS)}


def chi_code(pair: tuple[int, int]) -> str:
    return _CHI_CODE[pair]


def claim_codes(st: Position, s: int, x: int, may_chi: bool) -> list[str]:
    """Claims of seat s on card x; may_chi: s is the flipper or the next player."""
    codes = _due_codes(st, s, x, may_chi)
    if codes and codes[-1] in ("F", "K"):
        return codes
    return _with_options(st, s, x, may_chi, codes)


def _due_codes(st: Position, s: int, x: int, may_chi: bool) -> list[str]:
    """胡, then a due 吐火/杀 (mandatory: it ends the list) — the cheap part,
    asked of every seat before any 碰/吃 is weighed."""
    conc = st.conc[s]
    codes: list[str] = []
    if st.may_claim_hu(s, x) and st.claim_hu(
            s, x, x in st.hu_bar[s], not may_chi and st.variant["chi_type_hu_restricted"]):
        codes.append("H")
    cx = conc[x]
    seen = st.seen[x]
    if cx < 3 and seen < 3:  # most cards: no set of x anywhere near
        return codes
    # a set of x in sight means its cards are seen: most cards skip the melds
    v = st.variant
    melds = st.melds[s]
    if cx == 4 or (seen >= 4 and melds and any(
            len(c) == 4 and c[0] == x and (mk == "tou" or (v["upgrade_melds"] and mk == "sha"))
            for mk, c, _cl, _f in melds)):
        codes.append("F")
    elif cx == 3 or (seen >= 3 and v["upgrade_melds"] and melds and any(
            mk == "peng" and c[0] == x for mk, c, _cl, _f in melds)):
        codes.append("K")
    return codes


def _with_options(st: Position, s: int, x: int, may_chi: bool,
                  codes: list[str]) -> list[str]:
    """The optional 碰/吃 (each weighed by the claimer's estimate) and 过."""
    conc = st.conc[s]
    peng = conc[x] == 2 and x not in st.peng_bar[s]
    chis = [c for c in _CHI[x] if conc[c[0]] >= c[2] and conc[c[1]]] if may_chi else None
    if peng or chis:
        # what every check of this seat shares, made once: see claim_basis
        held, hand, avail, count, tuo, thr, strict, xy = st.claim_basis(s)
        if peng and held > 2 and (hand is None or claim_ok(
                hand, avail, (x, x), x, count, tuo + _PENG_TUO[x], thr, strict, xy)):
            codes.append("P")
        if chis:
            v = st.variant
            guard = v["qi_fan_guard"] and st.qi_seat == s and st.fixed(s).fan == 0
            no_triple = v["no_discard_from_triple"]
            for a, b, _n, pair, kan_tuo, code in chis:
                if no_triple and (conc[a] >= 3 or conc[b] >= 3):
                    continue
                if guard and any(YDR[k] and conc[k] >= 2 for k in pair):
                    continue
                if held > 2 and (hand is None or claim_ok(
                        hand, avail, pair, x, count, tuo + kan_tuo, thr, strict, xy)):
                    codes.append(code)
    if codes:
        codes.append("N")
    return codes


def _chi_table(x: int) -> tuple[tuple[int, int, int, tuple[int, int], int, str], ...]:
    """Every 吃 of x that makes a 坎, as chi_options lists them (sorted by the
    claimer's pair): (a, b, copies of a needed, the pair, the 坎's 砣, its code).
    chi_options(conc, x) is the pairs of those whose cards conc holds."""
    full = [5] * N_KINDS
    out: list[tuple[int, int, int, tuple[int, int], int, str]] = []
    for pair in chi_options(full, x):
        kan = classify((*pair, x))
        if kan:
            a, b = pair
            out.append((a, b, 2 if a == b else 1, pair, kan[1], chi_code(pair)))
    return tuple(out)


_CHI = tuple(_chi_table(x) for x in range(N_KINDS))
_PENG_TUO = tuple(classify((x, x, x))[1] for x in range(N_KINDS))  # type: ignore[index]


def offer_options(state: Position, x: int, src: int, okind: str,
                  known: tuple[int, list[str]] | None = None) -> dict[int, list[str]]:
    """Every active seat's claim codes on card x offered by `src`: seats
    without a claim are left out, and a due 杀/吐火 beats 碰/吃, so then only
    胡/杀/吐火 are asked. `known` = (seat, codes) fixes one seat's codes (a
    computer player's sampled world keeps its own real options).

    Lazily: 胡 and the due 杀/吐火 of every seat first; only when none is due
    are the 碰/吃 options weighed (each needs an estimate)."""
    chi = state.chi_seats(src, okind)
    due: list[tuple[int, list[str]]] = []
    killing = False
    status = state.status
    discard = okind == "discard"
    for s in seat_order(state.seats, src):
        if status[s] != "in" or (discard and s == src):
            continue
        if known and known[0] == s:
            codes = known[1]
            killing = killing or "F" in codes or "K" in codes
        else:
            codes = _due_codes(state, s, x, s in chi)
            killing = killing or (bool(codes) and codes[-1] in ("F", "K"))
        due.append((s, codes))
    options: dict[int, list[str]] = {}
    if killing:
        for s, codes in due:
            kept = [c for c in codes if c in ("H", "F", "K")]
            if "H" in kept:  # the 过 that came with a 胡 (none with a due 杀/吐火)
                if known and known[0] == s:
                    if "N" in codes:
                        kept.append("N")
                elif kept[-1] == "H":
                    kept.append("N")
            if kept and kept != ["N"]:
                options[s] = kept
        return options
    for s, codes in due:
        if not (known and known[0] == s):
            codes = _with_options(state, s, x, s in chi, codes)
        if codes:
            options[s] = codes
    return options
