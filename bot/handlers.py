"""aiogram routers: commands and button presses, each a thin call into the
service. Every press is answered (a toast, or silently) exactly once."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, ChatMemberUpdated, Message

from bot import catalog, house_rules, render, rules_text, settings_flow
from bot.callbacks import (
    HandEndCB,
    LangCB,
    LobbyCB,
    MoveCB,
    MoveIndexCB,
    NewCB,
    PickCB,
    RulesCB,
    SettingsCB,
    StopCB,
    TakeOverCB,
)
from bot.i18n import LANGS, N_
from bot.service import Reply, Service

_REGISTRY: list[tuple[str, tuple, object]] = []
ADMINS_ONLY = N_("Only an admin or whoever started the game can change this.")


class _Collect:
    """Decorators that remember handlers; `build_router` makes a fresh Router
    each time (one per App: a Router can join only one Dispatcher)."""

    def message(self, *filters):
        def deco(fn):
            _REGISTRY.append(("message", filters, fn))
            return fn

        return deco

    def my_chat_member(self, *filters):
        def deco(fn):
            _REGISTRY.append(("my_chat_member", filters, fn))
            return fn

        return deco

    def callback_query(self, *filters):
        def deco(fn):
            _REGISTRY.append(("callback_query", filters, fn))
            return fn

        return deco


router = _Collect()


def build_router() -> Router:
    r = Router(name="paiju")
    for kind, filters, fn in _REGISTRY:
        getattr(r, kind).register(fn, *filters)
    return r


def _is_private(message: Message) -> bool:
    return message.chat.type == "private"


async def _answer(service: Service, cq: CallbackQuery, reply: Reply) -> None:
    await service.outbox.answer(cq.id, reply.text, alert=reply.alert, url=reply.url)


def _find_game(arg: str, service: Service, lang_chat: int) -> str | None:
    arg = arg.strip().lower()
    for gid in catalog.landed():
        if arg == gid:
            return gid
        p = catalog.presenter(gid)
        for lang in ("zh_Hans", "zh_Hant", "en"):
            from bot.i18n import translator

            if arg == p.game_name(translator(lang)).lower():
                return gid
    return None


@router.message(F.migrate_to_chat_id)
async def migrated_to(message: Message, service: Service) -> None:
    await service.migrate(message.chat.id, message.migrate_to_chat_id)


@router.message(F.migrate_from_chat_id)
async def migrated_from(message: Message, service: Service) -> None:
    await service.migrate(message.migrate_from_chat_id, message.chat.id)


@router.my_chat_member()
async def membership(update: ChatMemberUpdated, service: Service) -> None:
    """The bot was removed from a group, or a user blocked it."""
    if update.new_chat_member.status in ("left", "kicked"):
        await service.forbidden(update.chat.id)


@router.message(CommandStart())
async def start(message: Message, command: CommandObject, service: Service) -> None:
    text = await service.start_link(message.from_user, command.args or "")
    service.outbox.send(message.chat.id, text)


@router.message(Command("help"))
async def help_(message: Message, service: Service) -> None:
    _ = service.t(message.chat.id)
    service.outbox.send(
        message.chat.id,
        _("/new — start a game (in a group), or practise against the computer (here)\n"
          "/hand — send my cards again\n/stop — end the game\n/lang — language")
        + "\n" + _("/score — this game's totals and settling up\n/top — this week's leaderboard"
                   " (/top all: all time)\n/history — the last hands\n/replay N — replay a hand\n"
                   "/stats — my own scores (here in private)")
        + "\n" + _("/rules — how a game is played\n/settings — this group's house rules"),
    )


@router.message(Command("new"))
async def new(message: Message, command: CommandObject, service: Service) -> None:
    chat_id = message.chat.id
    _ = service.t(chat_id)
    args = (command.args or "").split()
    if (busy := service.busy(chat_id)) is not None:
        service.outbox.send(chat_id, busy)
        return
    if not args:
        games = catalog.landed()
        text, kb = render.choose_game(games, _)
        service.outbox.send(chat_id, text, kb)
        return
    game_id = _find_game(args[0], service, chat_id)
    if game_id is None:
        service.outbox.send(chat_id, _("Unknown game. Send /new to choose one."))
        return
    preset = None  # the chat's /settings
    if len(args) > 1:
        preset = house_rules.find_preset(game_id, catalog.game(game_id).presets, " ".join(args[1:]))
        if preset is None:
            service.outbox.send(chat_id, _("Unknown rules."))
            return
    refusal = await service.new_game(chat_id, _is_private(message), message.from_user, game_id, preset)
    if refusal:
        service.outbox.send(chat_id, refusal)


@router.message(Command("hand"))
async def hand(message: Message, service: Service) -> None:
    text = await service.resend_hand(message.chat.id, message.from_user)
    if text:
        service.outbox.send(message.chat.id, text)


@router.message(Command("stop"))
async def stop(message: Message, service: Service) -> None:
    text = await service.stop_request(message.chat.id, message.from_user)
    if text:
        service.outbox.send(message.chat.id, text)


@router.message(Command("lang"))
async def lang(message: Message, service: Service) -> None:
    text, kb = render.languages(service.t(message.chat.id))
    service.outbox.send(message.chat.id, text, kb)


# -- buttons ----------------------------------------------------------------
@router.callback_query(MoveCB.filter())
async def on_move(cq: CallbackQuery, callback_data: MoveCB, service: Service) -> None:
    d = callback_data
    reply = await service.move(d.g, cq.from_user, d.h, d.t, code=d.c)
    await _answer(service, cq, reply)


@router.callback_query(MoveIndexCB.filter())
async def on_move_index(cq: CallbackQuery, callback_data: MoveIndexCB, service: Service) -> None:
    d = callback_data
    reply = await service.move(d.g, cq.from_user, d.h, d.t, index=d.i)
    await _answer(service, cq, reply)


@router.callback_query(PickCB.filter())
async def on_pick(cq: CallbackQuery, callback_data: PickCB, service: Service) -> None:
    d = callback_data
    reply = await service.pick(d.g, cq.from_user, d.h, d.t, d.a, d.i)
    await _answer(service, cq, reply)


@router.callback_query(TakeOverCB.filter())
async def on_take_over(cq: CallbackQuery, callback_data: TakeOverCB, service: Service) -> None:
    await _answer(service, cq, await service.take_over(callback_data.g, cq.from_user))


@router.callback_query(LobbyCB.filter())
async def on_lobby(cq: CallbackQuery, callback_data: LobbyCB, service: Service) -> None:
    reply = await service.lobby_action(callback_data.g, cq.from_user, callback_data.a)
    await _answer(service, cq, reply)


@router.callback_query(HandEndCB.filter())
async def on_hand_end(cq: CallbackQuery, callback_data: HandEndCB, service: Service) -> None:
    d = callback_data
    await _answer(service, cq, await service.hand_end_action(d.g, cq.from_user, d.n, d.a))


@router.callback_query(StopCB.filter())
async def on_stop(cq: CallbackQuery, callback_data: StopCB, service: Service) -> None:
    mid = cq.message.message_id if cq.message is not None else None
    reply = await service.stop_answer(callback_data.g, cq.from_user, callback_data.a, mid)
    await _answer(service, cq, reply)


@router.callback_query(NewCB.filter())
async def on_new(cq: CallbackQuery, callback_data: NewCB, service: Service) -> None:
    if cq.message is None:
        await _answer(service, cq, Reply())
        return
    chat_id = cq.message.chat.id
    _ = service.t(chat_id)
    game_id = callback_data.game
    if game_id not in catalog.landed():
        await _answer(service, cq, Reply(_("Unknown game.")))
        return
    presets = list(catalog.game(game_id).presets)
    if not callback_data.preset and len(presets) > 1:
        current = (await service.chat_rules(chat_id)).preset(catalog.game(game_id))
        text, kb = render.choose_preset(game_id, _, current)
        key = ("choose", chat_id, cq.message.message_id)
        service.outbox.bind(key, cq.message.message_id)
        service.outbox.show(chat_id, key, text, kb)
        await _answer(service, cq, Reply())
        return
    preset = callback_data.preset or presets[0]
    private = cq.message.chat.type == "private"
    refusal = await service.new_game(chat_id, private, cq.from_user, game_id, preset)
    key = ("choose", chat_id, cq.message.message_id)
    service.outbox.bind(key, cq.message.message_id)
    name = catalog.presenter(game_id).game_name(_)
    # the chooser's buttons go either way: its choice was made or refused
    service.outbox.show(chat_id, key, refusal or f"{name} · {render.preset_name(game_id, preset, _)}", None)
    await _answer(service, cq, Reply(refusal))


@router.message(Command("settings"))
async def settings_(message: Message, service: Service) -> None:
    chat_id = message.chat.id
    cs = await service.chat_rules(chat_id)
    text, kb = settings_flow.home(cs, service.lang(chat_id), service.settings.turn_timeout,
                                  service.t(chat_id))
    service.outbox.send(chat_id, text, kb)


@router.callback_query(SettingsCB.filter())
async def on_settings(cq: CallbackQuery, callback_data: SettingsCB, service: Service) -> None:
    """Pages are for everyone to read; changes only for admins and the
    sitting's creator (others get a toast and nothing changes)."""
    if cq.message is None:
        await _answer(service, cq, Reply())
        return
    chat_id, d = cq.message.chat.id, callback_data
    _ = service.t(cq.from_user.id)  # toasts: the presser's language
    changing = d.a in settings_flow.CHANGES
    if changing and not await service.may_configure(chat_id, cq.from_user.id):
        await _answer(service, cq, Reply(_(ADMINS_ONLY)))
        return
    cs = await service.chat_rules(chat_id)
    if d.a == "langv":
        if not 0 <= d.v < len(LANGS):
            await _answer(service, cq, Reply(_("This button has expired.")))
            return
        await service.set_lang(chat_id, LANGS[d.v])
        new, name = None, "home"
    else:
        try:
            new, name = settings_flow.change(cs, d, _)
        except settings_flow.Refused as e:
            await _answer(service, cq, Reply(str(e), alert=True))
            return
    if new is not None:
        await service.save_rules(chat_id, new)
        cs = new
    text, kb = settings_flow.page(name, cs, d, service.lang(chat_id),
                                  service.settings.turn_timeout, service.t(chat_id))
    key = ("settings", chat_id, cq.message.message_id)
    service.outbox.bind(key, cq.message.message_id)
    service.outbox.show(chat_id, key, text, kb)
    await _answer(service, cq, Reply(_("Saved: it applies to the next game.") if changing else None))


@router.message(Command("rules"))
async def rules(message: Message, command: CommandObject, service: Service) -> None:
    chat_id = message.chat.id
    _ = service.t(chat_id)
    arg = (command.args or "").strip()
    gid = service.by_chat.get(chat_id)
    game_id = _find_game(arg, service, chat_id) if arg else (
        service.sittings[gid].game if gid is not None else None)
    if game_id is None:
        names = ", ".join(f"/rules {g}" for g in catalog.landed())
        service.outbox.send(chat_id, _("Which game? {choices}").format(choices=names))
        return
    cs = await service.chat_rules(chat_id)
    g = catalog.game(game_id)
    for part in rules_text.messages(game_id, cs.preset(g), cs.variant(g), _):
        service.outbox.send(chat_id, part)


@router.callback_query(RulesCB.filter())
async def on_rules(cq: CallbackQuery, callback_data: RulesCB, service: Service) -> None:
    """The lobby's rules button: the sitting's rules, in the group."""
    s = service.sittings.get(callback_data.g)
    if s is None or cq.message is None:
        await _answer(service, cq, Reply(service.t(cq.from_user.id)("This button has expired.")))
        return
    _ = service.t(s.chat_id)
    for part in rules_text.messages(s.game, s.preset, s.variant, _):
        service.outbox.send(s.chat_id, part)
    await _answer(service, cq, Reply())


@router.callback_query(LangCB.filter())
async def on_lang(cq: CallbackQuery, callback_data: LangCB, service: Service) -> None:
    if cq.message is None or callback_data.code not in ("zh_Hans", "zh_Hant", "en"):
        await _answer(service, cq, Reply())
        return
    chat_id = cq.message.chat.id
    if not await service.may_configure(chat_id, cq.from_user.id):
        await _answer(service, cq, Reply(service.t(cq.from_user.id)(ADMINS_ONLY)))
        return
    await service.set_lang(chat_id, callback_data.code)
    _ = service.t(chat_id)
    await _answer(service, cq, Reply(_("Language set.")))


@router.callback_query()
async def on_unknown(cq: CallbackQuery, service: Service) -> None:
    """Malformed, forged or empty data: a toast, nothing else."""
    await _answer(service, cq, Reply(service.t(cq.from_user.id)("This button has expired.")))


@router.message(F.text.startswith("/"))
async def unknown_command(message: Message, service: Service) -> None:
    """A command no handler took. In a group other bots may own it: answer
    only when it names this bot (/x@paiju_bot); in private always, unless it
    names another bot."""
    command, _sep, mention = message.text.split(maxsplit=1)[0].partition("@")
    if mention and mention.lower() != service.bot_username.lower():
        return
    if not _is_private(message) and not mention:
        return
    _ = service.t(message.chat.id)
    service.outbox.send(message.chat.id, _("Unknown command. /help lists what I can do."))
