// The sandbox page: draws what /api/events says the chats show, and sends
// what a person does (type, tap) to /api/*. No framework, no build step.
"use strict";

const S = {
  words: {},
  state: null,
  receivedAt: 0,          // performance.now() when `state` arrived (the meter ages from it)
  writer: null,           // who writes and taps in the group
  seenToasts: null,       // toast ids already shown (null until the first state)
  drawn: false,           // the first state is drawn (panes made later are someone new)
};
const NAME_COLOURS = ["#e0533d", "#e67e22", "#8e5bd5", "#17a589", "#1f9bcf", "#3a78d8",
                      "#c2459c"];

// -- talking to the sandbox -------------------------------------------------------
async function post(path, body) {
  const r = await fetch(path, {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify(body || {}),
  });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

function act(path, body, pane) {
  return post(path, body).catch((e) => showToast(pane || firstPane(), e.message, "", false));
}

function connect() {
  const es = new EventSource("/api/events");
  es.onmessage = (e) => {
    document.getElementById("offline").hidden = true;
    apply(JSON.parse(e.data));
  };
  es.onerror = () => { document.getElementById("offline").hidden = false; };
}

// -- words ---------------------------------------------------------------------------
function w(key, fields) {
  let s = S.words[key] || key;
  for (const [k, v] of Object.entries(fields || {})) s = s.replaceAll(`{${k}}`, v);
  return s;
}

function fillWords(root) {
  root.querySelectorAll("[data-word]").forEach((el) => { el.textContent = w(el.dataset.word); });
  root.querySelectorAll("[data-title]").forEach((el) => { el.title = w(el.dataset.title); });
}

// -- drawing ---------------------------------------------------------------------------
function apply(state) {
  S.state = state;
  S.receivedAt = performance.now();
  const members = state.group.members;
  if (!members.includes(S.writer)) S.writer = members[0] ?? null;
  drawStatus(state);
  const chats = document.getElementById("chats");
  const group = pane(chats, state.group.id, "group");
  drawGroup(group, state);
  const known = chats.querySelectorAll("section.chat").length;
  for (const p of state.people) drawPrivate(pane(chats, p.id, "private"), p, state);
  const added = chats.querySelectorAll("section.chat");
  if (S.drawn && added.length > known) {  // someone joined: show where their chat is
    added[added.length - 1].scrollIntoView({behavior: "smooth", inline: "nearest",
                                            block: "nearest"});
  }
  S.drawn = true;
  drawToasts(state);
  drawMeter();
}

function drawStatus(state) {
  const el = document.getElementById("status");
  el.dataset.status = state.bot.status;
  el.querySelector("span").textContent = w(state.bot.status);
  document.getElementById("restart").disabled = !state.bot.restartable;
  document.getElementById("add-computer").disabled = !state.lobby;
  document.getElementById("failing").textContent =
    state.failing ? w("failing", {n: state.failing}) : "";
}

function pane(chats, id, kind) {
  let el = chats.querySelector(`section.chat[data-chat="${id}"]`);
  if (el) return el;
  el = document.getElementById("pane").content.firstElementChild.cloneNode(true);
  el.dataset.chat = id;
  el.classList.add(kind);
  el.querySelector(".menu-button").textContent = "☰ " + w("menu");
  el.querySelector(".send").textContent = w("send");
  el.querySelector(".input").placeholder = w("message");
  el.querySelector(".start").textContent = w("start");
  el.querySelector(".menu-button").onclick = () => toggleMenu(el);
  el.querySelector(".composer").onsubmit = (e) => {
    e.preventDefault();
    const input = el.querySelector(".input");
    const text = input.value;
    if (!text.trim()) return;
    input.value = "";
    say(el, text);
  };
  el.querySelector(".start").onclick = () => act("/api/start", {user: Number(id)}, el);
  el.querySelector(".as").onchange = (e) => { S.writer = Number(e.target.value); };
  chats.appendChild(el);
  return el;
}

function actor(el) {
  return el.classList.contains("group") ? S.writer : Number(el.dataset.chat);
}

function say(el, text) {
  return act("/api/send", {user: actor(el), chat: Number(el.dataset.chat), text}, el);
}

function drawGroup(el, state) {
  const g = state.group;
  el.querySelector(".owner").textContent = "👥 " + w("group_strip");
  el.querySelector(".avatar").textContent = [...g.title][0] || "#";
  el.querySelector(".name").textContent = g.title;
  el.querySelector(".sub").textContent = w("group_members", {n: g.members.length + 1});
  const as = el.querySelector(".as");
  as.hidden = false;
  const names = Object.fromEntries(state.people.map((p) => [p.id, p.name]));
  const wanted = g.members.map((id) => `${id}:${names[id]}`).join(",");
  if (as.dataset.people !== wanted) {
    as.replaceChildren(...g.members.map((id) => new Option(names[id] || id, id)));
    as.dataset.people = wanted;
    as.title = w("as");
  }
  as.value = S.writer;
  const hint = el.querySelector(".hint");
  const fromBot = g.messages.some((m) => m.bot);
  hint.hidden = fromBot && !state.lobby;
  hint.textContent = state.lobby ? w("hint_lobby") : w("hint_first");
  drawMessages(el, g.messages, {group: true, me: S.writer});
  el.dataset.menu = JSON.stringify(g.menu);
}

function drawPrivate(el, p, state) {
  el.querySelector(".owner").textContent = "📱 " + w("private_strip", {name: p.name});
  el.querySelector(".avatar").textContent = [...state.bot.name][0];
  el.querySelector(".name").textContent = state.bot.name;
  el.querySelector(".sub").textContent = w("bot_subtitle") + " · @" + state.bot.username;
  const needsStart = !p.started || !!p.link;
  if (p.link && el.dataset.link !== p.link) {  // Telegram opens the bot's chat: bring it into view
    el.scrollIntoView({behavior: "smooth", inline: "nearest", block: "nearest"});
  }
  el.dataset.link = p.link || "";
  el.querySelector(".start-bar").hidden = !needsStart;
  el.querySelector(".composer").hidden = needsStart;
  el.querySelector(".start-hint").textContent = p.started ? "" : w("start_hint", {name: p.name});
  el.querySelector(".start-hint").hidden = p.started;
  drawMessages(el, p.messages, {group: false, me: p.id});
  el.dataset.menu = JSON.stringify(p.menu);
}

function drawMessages(el, messages, ctx) {
  const box = el.querySelector(".msgs");
  stickToBottom(box);
  const byId = new Map(messages.map((m) => [String(m.id), m]));
  box.querySelectorAll(".msg").forEach((node) => {
    if (!byId.has(node.dataset.id)) node.remove();
  });
  let before = null;
  for (let i = messages.length - 1; i >= 0; i--) {  // from the newest up: insert in order
    const m = messages[i];
    let node = box.querySelector(`.msg[data-id="${m.id}"]`);
    const rev = `${m.rev}:${ctx.me}`;
    if (!node || node.dataset.rev !== rev) {
      const fresh = drawMessage(el, m, ctx, messages);
      fresh.dataset.rev = rev;
      if (node) {
        if (node.dataset.rev.split(":")[0] !== String(m.rev)) fresh.classList.add("flash");
        node.replaceWith(fresh);
      }
      node = fresh;
    }
    if (node.nextElementSibling !== before || node.parentNode !== box) {
      box.insertBefore(node, before);
    }
    before = node;
  }
  markPressing(el);
  if (box.dataset.stick) box.scrollTop = box.scrollHeight;
}

// A chat shows its newest message, as Telegram does, until the person scrolls
// up; a picture that loads after it is drawn (taller than its placeholder)
// keeps it there too.
function stickToBottom(box) {
  if (box.dataset.watched) return;
  box.dataset.watched = "1";
  box.dataset.stick = "1";
  box.addEventListener("scroll", () => {
    box.dataset.stick = box.scrollHeight - box.scrollTop - box.clientHeight < 40 ? "1" : "";
  });
  box.addEventListener("load", () => {  // a picture's load does not bubble: caught on the way down
    if (box.dataset.stick) box.scrollTop = box.scrollHeight;
  }, true);
}

function drawMessage(el, m, ctx, messages) {
  const node = document.createElement("div");
  node.className = "msg " + (!m.bot && m.from === ctx.me ? "out" : "in");
  node.dataset.id = m.id;
  const bubble = document.createElement("div");
  bubble.className = "bubble";
  if (ctx.group && node.classList.contains("in")) {
    const who = document.createElement("div");
    who.className = "sender";
    who.textContent = m.name;
    who.style.color = m.bot ? "#3a78d8" : NAME_COLOURS[Math.abs(m.from) % NAME_COLOURS.length];
    bubble.appendChild(who);
  }
  if (m.reply_to) {
    const replied = messages.find((x) => x.id === m.reply_to);
    if (replied) {
      const q = document.createElement("div");
      q.className = "reply";
      q.textContent = replied.text.split("\n")[0];
      bubble.appendChild(q);
    }
  }
  if (m.photo) {
    const img = document.createElement("img");
    img.className = "photo";
    img.src = `${m.photo.url}?v=${m.rev}`;
    img.alt = m.photo.name;
    if (m.photo.width && m.photo.height) {  // its room kept while it loads: nothing jumps
      img.width = m.photo.width;
      img.height = m.photo.height;
    }
    bubble.appendChild(img);
  }
  if (m.document) {
    const a = document.createElement("a");
    a.className = "doc";
    a.href = m.document.url;
    a.download = m.document.name;
    a.innerHTML = '<span class="icon">📄</span><span><b></b><small></small></span>';
    a.querySelector("b").textContent = m.document.name;
    a.querySelector("small").textContent = `${w("file")} · ${sizeText(m.document.size)}`;
    bubble.appendChild(a);
  }
  const meta = document.createElement("span");
  meta.className = "meta";
  meta.textContent = (m.edited ? w("edited") + " " : "") + clock(m.date);
  if (m.text) {
    const text = document.createElement("div");
    text.className = "text";
    text.appendChild(formatted(el, m.text, m.entities || []));
    text.appendChild(meta);
    bubble.appendChild(text);
  } else {
    bubble.appendChild(meta);
  }
  node.appendChild(bubble);
  if (m.buttons && m.buttons.length) {
    node.classList.add("has-kb");
    node.appendChild(keyboard(el, m));
  }
  return node;
}

function keyboard(el, m) {
  const kb = document.createElement("div");
  kb.className = "keyboard";
  for (const row of m.buttons) {
    const r = document.createElement("div");
    r.className = "row";
    for (const b of row) {
      const btn = document.createElement("button");
      btn.type = "button";
      btn.className = "kb";
      btn.textContent = b.text;
      btn.title = b.text;
      if (b.callback_data !== undefined) {
        btn.dataset.data = b.callback_data;
        btn.onclick = () => {
          btn.classList.add("busy");
          act("/api/press", {user: actor(el), chat: Number(el.dataset.chat), message: m.id,
                             data: b.callback_data}, el)
            .then(() => markPressing(el));
        };
      } else if (b.url) {
        btn.classList.add("link");
        btn.dataset.url = b.url;
        btn.onclick = () => act("/api/open", {user: actor(el), chat: Number(el.dataset.chat),
                                              message: m.id, url: b.url}, el);
      }
      r.appendChild(btn);
    }
    kb.appendChild(r);
  }
  return kb;
}

function markPressing(el) {
  const chat = Number(el.dataset.chat);
  const waiting = new Set((S.state?.pressing || []).filter((p) => p.chat === chat)
    .map((p) => `${p.message}|${p.data}`));
  el.querySelectorAll(".kb[data-data]").forEach((btn) => {
    const id = btn.closest(".msg").dataset.id;
    btn.classList.toggle("busy", waiting.has(`${id}|${btn.dataset.data}`));
  });
}

// -- message text with its entities (offsets count UTF-16 units, as JS strings do) ----
function formatted(el, text, entities) {
  const list = entities.slice().sort((a, b) => a.offset - b.offset || b.length - a.length);
  return build(el, text, 0, text.length, list);
}

function build(el, text, start, end, list) {
  const frag = document.createDocumentFragment();
  let pos = start;
  let i = 0;
  while (i < list.length) {
    const e = list[i];
    const eEnd = Math.min(e.offset + e.length, end);
    let j = i + 1;
    const inner = [];
    while (j < list.length && list[j].offset < eEnd) {
      if (list[j].offset + list[j].length <= eEnd) inner.push(list[j]);
      j++;
    }
    if (e.offset >= pos) {
      if (e.offset > pos) frag.append(text.slice(pos, e.offset));
      const node = entityNode(el, e, text.slice(e.offset, eEnd));
      node.append(build(el, text, e.offset, eEnd, inner));
      frag.append(node);
      pos = eEnd;
    }
    i = j;
  }
  if (pos < end) frag.append(text.slice(pos, end));
  return frag;
}

const TAGS = {bold: "b", italic: "i", underline: "u", strikethrough: "s", code: "code",
              pre: "pre", blockquote: "blockquote", expandable_blockquote: "blockquote"};

function entityNode(el, e, inner) {
  if (TAGS[e.type]) return document.createElement(TAGS[e.type]);
  if (e.type === "spoiler") {
    const s = document.createElement("span");
    s.className = "spoiler";
    s.onclick = () => s.classList.add("shown");
    return s;
  }
  if (e.type === "text_link" || e.type === "url") {
    const a = document.createElement("a");
    a.href = e.type === "url" ? inner : e.url;
    a.target = "_blank";
    a.rel = "noopener noreferrer";
    return a;
  }
  if (e.type === "bot_command") {  // a tap sends the command, as in Telegram
    const a = document.createElement("a");
    a.className = "cmd";
    a.onclick = () => say(el, inner);
    return a;
  }
  return document.createElement("span");
}

// -- toasts, alerts, the command menu ----------------------------------------------
function drawToasts(state) {
  const fresh = state.toasts.filter((t) => !S.seenToasts || !S.seenToasts.has(t.id));
  if (S.seenToasts) {
    for (const t of fresh) {
      const el = document.querySelector(`section.chat[data-chat="${t.chat}"]`);
      const who = state.people.find((p) => p.id === t.user);
      if (el) showToast(el, t.text, t.chat < 0 && who ? "→ " + who.name : "", t.alert);
    }
  }
  S.seenToasts = new Set(state.toasts.map((t) => t.id));
}

function showToast(el, text, note, alert) {
  const box = document.createElement("div");
  box.className = alert ? "toast alert" : "toast";
  box.textContent = text;
  if (note) {
    const small = document.createElement("small");
    small.textContent = note;
    box.prepend(small);
  }
  if (alert) {
    const ok = document.createElement("button");
    ok.textContent = w("ok");
    ok.onclick = () => box.remove();
    box.appendChild(ok);
  } else {
    setTimeout(() => box.remove(), 3300);
  }
  el.querySelector(".toasts").appendChild(box);
}

function firstPane() {
  return document.querySelector("section.chat");
}

function toggleMenu(el) {
  const pop = el.querySelector(".menu-pop");
  if (!pop.hidden) { pop.hidden = true; return; }
  const commands = JSON.parse(el.dataset.menu || "[]");
  pop.replaceChildren(...commands.map((c) => {
    const b = document.createElement("button");
    b.type = "button";
    b.innerHTML = "<b></b><span></span>";
    b.querySelector("b").textContent = "/" + c.command;
    b.querySelector("span").textContent = c.description;
    b.onclick = () => { pop.hidden = true; say(el, "/" + c.command); };
    return b;
  }));
  pop.hidden = commands.length === 0;
}

// -- the rate meter: counted from the calls' ages as time goes on -------------------
function drawMeter() {
  const st = S.state;
  if (!st) return;
  const m = st.meter;
  const since = (performance.now() - S.receivedAt) / 1000;
  let second = 0, group = 0, refused = 0, failed = 0;
  for (const [age0, chat, ok, code, counted] of m.calls) {
    const age = age0 + since;
    if (age > 60) continue;
    if (!ok && code === 429) refused++;
    else if (!ok) failed++;
    if (!ok || !counted) continue;
    if (age <= 1) second++;
    if (chat === st.group.id) group++;
  }
  gauge("gauge-second", second, m.per_second);
  gauge("gauge-group", group, m.group_per_minute);
  count("count-429", refused);
  count("count-failed", failed);
}

function gauge(id, n, limit) {
  const el = document.getElementById(id);
  el.querySelector("b").textContent = `${n}/${limit}`;
  const share = Math.min(1, n / limit);
  el.querySelector("u").style.width = `${share * 100}%`;
  el.classList.toggle("warm", share >= 0.6 && share < 0.9);
  el.classList.toggle("hot", share >= 0.9);
}

function count(id, n) {
  const el = document.getElementById(id);
  el.querySelector("b").textContent = n;
  el.classList.toggle("bad", n > 0);
}

// -- small helpers --------------------------------------------------------------------
function clock(unix) {
  const d = new Date(unix * 1000);
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

function sizeText(n) {
  return n < 1024 ? `${n} B` : n < 1048576 ? `${(n / 1024).toFixed(1)} KB`
    : `${(n / 1048576).toFixed(1)} MB`;
}

// -- start ------------------------------------------------------------------------------
async function boot() {
  const page = await (await fetch("/api/page")).json();
  S.words = page.words;
  document.documentElement.lang = {zh_Hans: "zh-Hans", zh_Hant: "zh-Hant"}[page.lang] || "en";
  document.title = w("title");
  fillWords(document);
  document.getElementById("restart").onclick = () => act("/api/restart", {});
  document.getElementById("add-person").onclick = () => act("/api/people", {});
  document.getElementById("add-computer").onclick = () =>
    act("/api/computer", {user: S.writer}, firstPane());
  document.getElementById("fail-go").onclick = () => act("/api/fail", {
    count: Number(document.getElementById("fail-count").value),
    status: Number(document.getElementById("fail-status").value),
  });
  connect();
  setInterval(drawMeter, 250);
}

boot();
