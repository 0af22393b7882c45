"""The table service: the parts that run the tables, one job per file, and
`service.py`, which builds them in order (each part gets only the parts
below it: core, people, screens, timers, lifecycle, moves, turns, lobby,
chats, recovery). Besides them a chat's settings (`chat_settings.py`) and
the /settings flow that `chats.py` runs (`settings_flow.py`: the pages and
what a press changes), the computer players' side in the bot
(`computer.py`) and the stuck-table watchdog (`watchdog.py`). Handlers call
in here; the parts write through storage/, say things through words/ and
send through telegram/'s outbox."""
