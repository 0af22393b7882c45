"""The Telegram bot (aiogram 3) and the `paiju` command line.

Bottom up, each part importing only those below it (tests/bot/test_bot_layers.py):
the modules here (i18n, the process's config, logs, connect, heartbeat and
the sitting), telegram/ (messages out, buttons' data), presenters/ (a game's
words), pictures/, words/ (whole messages), tables/ (the service that runs
the tables), scores/, handlers/ (updates in), app.py (the composition root),
sandbox/, gallery/ and cli/. docs/ARCHITECTURE.md names every file."""
