"""/settings: one message per chat, edited in place as the admin moves between
pages (home, a game, a flag, timeout, time zone, language) and changes things.
Group admins and the creator of the chat's current sitting may change; others
get a toast and nothing changes. A change applies to the next sitting."""

from __future__ import annotations

from typing import Any

from aiogram.types import InlineKeyboardMarkup

from bot import catalog, house_rules
from bot.callbacks import SettingsCB
from bot.chat_settings import TIMEOUTS, ZONES, ChatSettings
from bot.i18n import LANG_NAMES, LANGS, Translator
from bot.pictures.scenes import scenes
from bot.render import keyboard
from games.base import VariantError

Page = tuple[str, InlineKeyboardMarkup | None]
# actions that change something
CHANGES = ("preset", "set", "tov", "tzv", "cpu", "wk", "langv", "pic")


def _cb(a: str, g: str = "", f: int = -1, v: int = -1) -> str:
    return SettingsCB(a=a, g=g, f=f, v=v).pack()


def on_off(value: bool | None, _: Translator) -> str:
    if value is None:
        return _("default")
    return _(house_rules.ON) if value else _(house_rules.OFF)


def rules_line(game_id: str, cs: ChatSettings, _: Translator) -> str:
    """掀牛: 标准 · 紧牌: 关 — the preset and every flag changed on top of it."""
    g = catalog.game(game_id)
    parts = [house_rules.preset_name(game_id, cs.preset(g), _)]
    for flag, value in cs.flags(g).items():
        if flag in house_rules.FLAGS.get(game_id, {}):
            parts.append(_("{flag}: {value}").format(
                flag=house_rules.flag_name(game_id, flag, _),
                value=house_rules.choice_name(game_id, flag, value, _)))
    return " · ".join(parts)


# -- pages --------------------------------------------------------------------
def home(cs: ChatSettings, lang: str, default_timeout: float, _: Translator) -> Page:
    timeout = cs.turn_timeout or round(default_timeout)
    lines = [
        _("⚙️ Settings of this chat (they apply to the next game)"),
        _("Language: {lang}").format(lang=LANG_NAMES[lang]),
        _("Time a move: {sec} s").format(sec=timeout),
        _("Computers may fill seats: {on}").format(on=on_off(cs.computers, _)),
        _("Time zone: {zone}").format(zone=cs.tz or _("default")),
        _("Weekly board: {on}").format(on=on_off(cs.weekly_post, _)),
    ]
    games = catalog.landed()
    lines += [f"• {catalog.presenter(gid).game_name(_)}: {rules_line(gid, cs, _)}" for gid in games]
    rows = [[(catalog.presenter(gid).game_name(_), _cb("game", gid))] for gid in games]
    rows += [
        [(_("Time a move"), _cb("to")), (_("Language"), _cb("lang"))],
        [(_("Computers: {on}").format(on=on_off(cs.computers, _)), _cb("cpu"))],
        [(_("Time zone"), _cb("tz")),
         (_("Weekly board: {on}").format(on=on_off(cs.weekly_post, _)), _cb("wk"))],
    ]
    return "\n".join(lines), keyboard(rows)


def game_page(game_id: str, cs: ChatSettings, _: Translator) -> Page:
    g = catalog.game(game_id)
    preset = cs.preset(g)
    variant = cs.variant(g)
    pictures = _("Pictures: {on}").format(on=on_off(cs.pictures(game_id), _))
    drawn = scenes(game_id).draws
    lines = [
        f"{catalog.presenter(game_id).game_name(_)} · {rules_line(game_id, cs, _)}",
        house_rules.preset_about(game_id, preset, _),
        *([_("{pictures} (the cards drawn, from the next hand)").format(pictures=pictures)]
          if drawn else []),
        _("Tap a rule to change it."),
    ]
    rows = [[(("✓ " if p == preset else "") + house_rules.preset_name(game_id, p, _),
              _cb("preset", game_id, v=i)) for i, p in enumerate(g.presets)]]
    for i, flag in enumerate(house_rules.flags_of(game_id, g)):
        label = _("{flag}: {value}").format(
            flag=house_rules.flag_name(game_id, flag, _),
            value=house_rules.choice_name(game_id, flag, variant[flag], _))
        rows.append([(label, _cb("flag", game_id, i))])
    if drawn:
        rows.append([(pictures, _cb("pic", game_id))])
    rows.append([(_("« Back"), _cb("home"))])
    return "\n".join(lines), keyboard(rows)


def flag_page(game_id: str, index: int, cs: ChatSettings, _: Translator) -> Page:
    g = catalog.game(game_id)
    flag = house_rules.flags_of(game_id, g)[index]
    now = cs.variant(g)[flag]
    lines = [house_rules.flag_name(game_id, flag, _), house_rules.flag_about(game_id, flag, _)]
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
class Refused(Exception):
    """A change the rules do not allow; the message says why (a toast)."""


def change(cs: ChatSettings, d: SettingsCB, _: Translator) -> tuple[ChatSettings | None, str]:
    """(the new settings or None when only a page is shown, the page to show)."""
    try:
        if d.a == "preset":
            g = catalog.game(d.g)
            return cs.with_preset(g, list(g.presets)[d.v]), "game"
        if d.a == "set":
            g = catalog.game(d.g)
            flag = house_rules.flags_of(d.g, g)[d.f]
            value = house_rules.choices(d.g, flag, g)[d.v]
            return cs.with_flag(g, flag, value), "game"
        if d.a == "pic":
            if not scenes(d.g).draws:
                raise KeyError(d.g)  # an unknown game: the button has expired
            return cs.with_pictures(d.g, not cs.pictures(d.g)), "game"
        if d.a == "tov":
            return _replace(cs, turn_timeout=TIMEOUTS[d.v]), "home"
        if d.a == "tzv":
            return _replace(cs, tz=ZONES[d.v]), "home"
        if d.a == "cpu":
            return _replace(cs, computers=not cs.computers), "home"
        if d.a == "wk":
            return _replace(cs, weekly_post=not cs.weekly_post), "home"
    except VariantError as e:
        raise Refused(_("These rules do not go together: {reason}").format(reason=str(e))) from e
    except (IndexError, KeyError, ValueError) as e:
        raise Refused(_("This button has expired.")) from e
    return None, d.a


def _replace(cs: ChatSettings, **kw: Any) -> ChatSettings:
    return ChatSettings(**{**cs.__dict__, **kw})


def page(name: str, cs: ChatSettings, d: SettingsCB, lang: str, default_timeout: float,
         _: Translator) -> Page:
    if name == "game" and d.g in catalog.landed():
        return game_page(d.g, cs, _)
    if name == "flag" and d.g in catalog.landed():
        return flag_page(d.g, d.f, cs, _)
    if name == "to":
        current = TIMEOUTS.index(cs.turn_timeout) if cs.turn_timeout in TIMEOUTS else -1
        return list_page(_("Time a move:"), [_("{sec} s").format(sec=t) for t in TIMEOUTS],
                         "tov", current, _)
    if name == "tz":
        current = ZONES.index(cs.tz) if cs.tz in ZONES else -1
        return list_page(_("Time zone of the weekly board:"), list(ZONES), "tzv", current, _)
    if name == "lang":
        return list_page(_("Language:"), [LANG_NAMES[lang_] for lang_ in LANGS], "langv",
                         LANGS.index(lang), _)
    return home(cs, lang, default_timeout, _)
