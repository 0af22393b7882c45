"""The bot's words, whole: a message's frame around its presenter's body
(`render.py`), the house rules in players' words, /rules, and the texts of
the scores and the tally. Plain functions from data to text and buttons:
nothing here sends, stores or holds a sitting's lock."""
