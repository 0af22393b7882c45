"""Persistence: SQLite through sqlite-utils behind one DB thread. No aiogram here."""
