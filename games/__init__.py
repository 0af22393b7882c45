"""Pure game engines: no I/O, no asyncio, no aiogram, no user-visible text."""
