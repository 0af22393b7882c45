"""Pictures of the games: tiles, cards, hands and tables drawn with Pillow.

- `source`: what a picture shows, as data (`Picture`): the render input the
  privacy checks read;
- `scenes`: what a game's pictures are, and finding them: each game's are in
  the module named after its package (`dingniu`, `changpai`, `xianniu`,
  `paoyao`), built from the views the captions read;
- `pips`, `glyphs`, `pieces`: one tile or card drawn; `draw`: a whole
  picture laid out and encoded; `fonts`: a font for Chinese, if any;
- `chart`: the weekly board as bars.

A `Drawing` (bot/pictures/drawing.py) is what the outbox sends: the
picture's digest names it (the same picture is uploaded once), and it is
drawn only when it goes out, in a worker thread. See docs/pictures.md."""
