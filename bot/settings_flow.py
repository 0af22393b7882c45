"""/settings: one message per chat, edited in place as the admin moves between
pages (home, a game, a flag, timeout, time zone, language) and changes things.
Group admins and the creator of the chat's current sitting may change; others
get a toast and nothing changes. Rules, the time per move and computers apply
to the next sitting; the language, the zone and the weekly post at once.
Every button fits a phone (at most 32 characters): what a rule means is in
the page's text."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from aiogram.types import InlineKeyboardMarkup

from bot import catalog, house_rules
from bot.callbacks import SettingsCB
from bot.chat_settings import TIMEOUTS, ZONE_NAMES, ZONES, ChatSettings
from bot.core import Refused
from bot.i18n import LANG_NAMES, LANGS, Translator
from bot.pictures.scenes import scenes
from bot.render import flow, keyboard
from games.base import VariantError

Page = tuple[str, InlineKeyboardMarkup | None]
# actions that change something
CHANGES = ("preset", "set", "tov", "tzv", "cpu", "wk", "langv", "pic")


@dataclass(frozen=True)
class Host:
    """What a chat that never chose gets: the host's PAIJU_* settings."""

    turn_timeout: float
    tz: str
    weekly_post: bool


def _cb(a: str, g: str = "", f: int = -1, v: int = -1) -> str:
    return SettingsCB(a=a, g=g, f=f, v=v).pack()


def on_off(value: bool, _: Translator) -> str:
    return _(house_rules.ON) if value else _(house_rules.OFF)


def weekly_on(cs: ChatSettings, host: Host) -> bool:
    return host.weekly_post if cs.weekly_post is None else cs.weekly_post


def offset(tz: str, now: datetime | None = None) -> str:
    """UTC+8, UTC−5, UTC+5:30 (today's, summer time included)."""
    delta = (now or datetime.now(ZoneInfo(tz))).astimezone(ZoneInfo(tz)).utcoffset()
    minutes = round(delta.total_seconds() / 60) if delta is not None else 0
    if minutes == 0:
        return "UTC"
    sign = "+" if minutes > 0 else "−"
    h, m = divmod(abs(minutes), 60)
    return f"UTC{sign}{h}" + (f":{m:02d}" if m else "")


def zone_name(tz: str, _: Translator, now: datetime | None = None) -> str:
    """A zone in words: "Beijing time (UTC+8)", "Berlin (UTC+1)"."""
    place = _(ZONE_NAMES[tz]) if tz in ZONE_NAMES else tz.rsplit("/", 1)[-1].replace("_", " ")
    return _("{place} ({offset})").format(place=place, offset=offset(tz, now))


def rules_line(game_id: str, cs: ChatSettings, _: Translator) -> str:
    """掀牛: 标准 · 紧牌: 关 — the preset and every flag changed on top of it."""
    g = catalog.game(game_id)
    parts = [house_rules.preset_name(game_id, cs.preset(g), _)]
    for flag, value in cs.flags(g).items():
        if flag in catalog.presenter(game_id).flags:
            parts.append(_("{flag}: {value}").format(
                flag=house_rules.flag_name(game_id, flag, _),
                value=house_rules.choice_name(game_id, flag, value, _)))
    return " · ".join(parts)


# -- pages --------------------------------------------------------------------
def home(cs: ChatSettings, lang: str, host: Host, _: Translator) -> Page:
    timeout = cs.turn_timeout or round(host.turn_timeout)
    weekly = on_off(weekly_on(cs, host), _)
    lines = [
        _("⚙️ Settings of this chat"),
        _("Language: {lang}").format(lang=LANG_NAMES[lang]),
        _("Time per move: {sec} s").format(sec=timeout),
        _("Computers may fill seats: {on}").format(on=on_off(cs.computers, _)),
        _("Time zone: {zone}").format(zone=zone_name(cs.tz or host.tz, _)),
        _("Weekly leaderboard post: {on}").format(on=weekly),
    ]
    games = catalog.landed()
    lines += [f"• {catalog.presenter(game_id).game_name(_)}: {rules_line(game_id, cs, _)}"
              for game_id in games]
    lines.append(_("Rules, time per move and computers apply from the next game."))
    rows = [[(catalog.presenter(game_id).game_name(_), _cb("game", game_id))] for game_id in games]
    rows += [
        [(_("Time per move"), _cb("to")), (_("Language"), _cb("lang"))],
        [(_("Computers: {on}").format(on=on_off(cs.computers, _)), _cb("cpu"))],
        [(_("Time zone"), _cb("tz")), (_("Weekly post: {on}").format(on=weekly), _cb("wk"))],
    ]
    return "\n".join(lines), keyboard(rows)


def game_page(game_id: str, cs: ChatSettings, _: Translator) -> Page:
    """The preset, then every rule with its value in the text; the buttons
    name the rules."""
    g = catalog.game(game_id)
    preset = cs.preset(g)
    variant = cs.variant(g)
    flags = house_rules.flags_of(game_id, g)
    pictures = _("Pictures: {on}").format(on=on_off(cs.pictures(game_id), _))
    drawn = scenes(game_id).draws
    lines = [
        f"{catalog.presenter(game_id).game_name(_)} · {rules_line(game_id, cs, _)}",
        house_rules.preset_about(game_id, preset, _),
        "",
        *["• " + _("{flag}: {value}").format(
            flag=house_rules.flag_name(game_id, flag, _),
            value=house_rules.choice_name(game_id, flag, variant[flag], _)) for flag in flags],
        *(["• " + _("{pictures} (the cards drawn, from the next hand)").format(
            pictures=pictures)] if drawn else []),
        "",
        _("Tap a rule to change it."),
    ]
    rows = [[(("✓ " if p == preset else "") + house_rules.preset_name(game_id, p, _),
              _cb("preset", game_id, v=i)) for i, p in enumerate(g.presets)]]
    rows += flow([(house_rules.flag_name(game_id, flag, _), _cb("flag", game_id, i))
                  for i, flag in enumerate(flags)], width=36, most=2)
    if drawn:
        rows.append([(pictures, _cb("pic", game_id))])
    rows.append([(_("« Back"), _cb("home"))])
    return "\n".join(lines), keyboard(rows)


def flag_page(game_id: str, index: int, cs: ChatSettings, _: Translator) -> Page:
    g = catalog.game(game_id)
    flag = house_rules.flags_of(game_id, g)[index]
    now = cs.variant(g)[flag]
    lines = [house_rules.flag_name(game_id, flag, _), house_rules.flag_about(game_id, flag, _),
             _("Now: {value}").format(value=house_rules.choice_name(game_id, flag, now, _))]
    buttons = []
    for v, value in enumerate(house_rules.choices(game_id, flag, g)):
        mark = "✓ " if house_rules._key(value) == house_rules._key(now) else ""
        buttons.append([(mark + house_rules.choice_name(game_id, flag, value, _),
                         _cb("set", game_id, index, v))])
    buttons.append([(_("« Back"), _cb("game", game_id))])
    return "\n".join(lines), keyboard(buttons)


def list_page(title: str, items: list[str], action: str, current: int, _: Translator) -> Page:
    rows = [[(("✓ " if i == current else "") + item, _cb(action, v=i))]
            for i, item in enumerate(items)]
    rows.append([(_("« Back"), _cb("home"))])
    return title, keyboard(rows)


# -- changes -----------------------------------------------------------------------
def change(cs: ChatSettings, d: SettingsCB, host: Host, _: Translator
           ) -> tuple[ChatSettings | None, str, str | None]:
    """(the new settings or None when only a page is shown, the page to show,
    the toast that says what changed and when it applies)."""
    later = _("{what} (from the next game)")
    try:
        if d.a == "preset":
            g = catalog.game(d.g)
            preset = list(g.presets)[d.v]
            what = _("{game}: {preset}").format(game=catalog.presenter(d.g).game_name(_),
                                                preset=house_rules.preset_name(d.g, preset, _))
            return cs.with_preset(g, preset), "game", later.format(what=what)
        if d.a == "set":
            g = catalog.game(d.g)
            flag = house_rules.flags_of(d.g, g)[d.f]
            value = house_rules.choices(d.g, flag, g)[d.v]
            what = _("{flag}: {value}").format(flag=house_rules.flag_name(d.g, flag, _),
                                               value=house_rules.choice_name(d.g, flag, value, _))
            return cs.with_flag(g, flag, value), "game", later.format(what=what)
        if d.a == "pic":
            if not scenes(d.g).draws:
                raise KeyError(d.g)  # an unknown game: the button has expired
            on = not cs.pictures(d.g)
            what = _("Pictures: {on}").format(on=on_off(on, _))
            return (cs.with_pictures(d.g, on), "game",
                    _("{what} (from the next hand)").format(what=what))
        if d.a == "tov":
            what = _("Time per move: {sec} s").format(sec=TIMEOUTS[d.v])
            return _replace(cs, turn_timeout=TIMEOUTS[d.v]), "home", later.format(what=what)
        if d.a == "tzv":
            done = _("Time zone: {zone}").format(zone=zone_name(ZONES[d.v], _))
            return _replace(cs, tz=ZONES[d.v]), "home", done
        if d.a == "cpu":
            what = _("Computers may fill seats: {on}").format(on=on_off(not cs.computers, _))
            return _replace(cs, computers=not cs.computers), "home", later.format(what=what)
        if d.a == "wk":
            on = not weekly_on(cs, host)
            done = _("Weekly leaderboard post: {on}").format(on=on_off(on, _))
            return _replace(cs, weekly_post=on), "home", done
    except VariantError as e:
        raise Refused(_("These rules do not go together: {reason}").format(reason=str(e))) from e
    except (IndexError, KeyError, ValueError) as e:
        raise Refused(_("This button has expired.")) from e
    return None, d.a, None


def _replace(cs: ChatSettings, **kw: Any) -> ChatSettings:
    return ChatSettings(**{**cs.__dict__, **kw})


def page(name: str, cs: ChatSettings, d: SettingsCB, lang: str, host: Host,
         _: Translator) -> Page:
    if name == "game" and d.g in catalog.landed():
        return game_page(d.g, cs, _)
    if name == "flag" and d.g in catalog.landed():
        return flag_page(d.g, d.f, cs, _)
    if name == "to":
        timeout = cs.turn_timeout or round(host.turn_timeout)
        current = TIMEOUTS.index(timeout) if timeout in TIMEOUTS else -1
        return list_page(_("Time per move:"), [_("{sec} s").format(sec=t) for t in TIMEOUTS],
                         "tov", current, _)
    if name == "tz":
        tz = cs.tz or host.tz
        title = "\n".join([_("Time zone of the weekly leaderboard and of /history:"),
                           _("Now: {value}").format(value=zone_name(tz, _))])
        return list_page(title, [zone_name(z, _) for z in ZONES], "tzv",
                         ZONES.index(tz) if tz in ZONES else -1, _)
    if name == "lang":
        return list_page(_("Language:"), [LANG_NAMES[lang_] for lang_ in LANGS], "langv",
                         LANGS.index(lang), _)
    return home(cs, lang, host, _)
