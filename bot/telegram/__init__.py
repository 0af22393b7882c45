"""The Telegram side every part may use: the outbox (every message out, within
Telegram's limits, and who goes next under the overall one), the callback
data of every button, and aiogram's response types kept alive. It knows
Telegram and nothing of the games; updates come in at the other end, in
handlers/."""
