"""The Telegram bot (aiogram 3) and the `paiju` command line."""
