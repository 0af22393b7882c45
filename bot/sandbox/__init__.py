"""`paiju sandbox`: the real bot against a make-believe Telegram, watched and
played in a local web page (docs/sandbox.md).

- `fake/`: the fake Telegram Bot API server (also the end-to-end tests' and
  the screens gallery's);
- `host.py`: one sandbox: the fake server, its group and people, the bot;
- `view.py`: what the page shows, as JSON; `page.py`: the page's web API;
- `process.py`: the bot in a process of its own (the command's);
- `run.py`: the command; `static/`: the page itself (HTML, CSS, JS).
"""
